/**
 * Checks a ```sh block without running it: every command is one the docs may use, every npm
 * script it names exists in that workspace, every npx binary is installed, every environment
 * variable it sets or reads is one the code reads.
 */
import type { RepoFacts } from './repo-facts.ts'

/** Commands the docs may show besides npm and npx (an unknown one is a typo or an unchecked tool). */
const KNOWN_COMMANDS = new Set(['cd', 'curl', 'openssl', 'psql', 'createdb', 'redis-server', 'git', 'export'])
/** Variables of the shell and the system, not of WalletFrame. */
const SYSTEM_VARIABLES = new Set(['HOME', 'PATH', 'PWD', 'NODE_ENV'])

export function checkShell(code: string, facts: RepoFacts): string[] {
  const problems: string[] = []
  const text = code.replace(/\\\n/g, ' ')
  text.split('\n').forEach((rawLine, index) => {
    const line = rawLine.replace(/(^|\s)#.*$/, '').trim()
    if (!line) return
    const where = `line ${index + 1}`
    for (const variable of line.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)/g)) checkEnv(variable[1]!, where)
    for (const command of line.split(/&&|\|\||;|\|/)) {
      const words = command.trim().split(/\s+/).filter(Boolean)
      while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) checkEnv(words.shift()!.split('=')[0]!, where)
      const [name, ...args] = words
      if (!name) continue
      if (name === 'npm') checkNpm(args, where)
      else if (name === 'npx') {
        const bin = args.find((arg) => !arg.startsWith('-'))
        if (bin && !facts.hasBin(bin)) problems.push(`${where}: npx ${bin}: not installed`)
      } else if (name === 'export') {
        // NAME=value words; the rest are the words of a quoted value or a command substitution.
        for (const arg of args.filter((word) => /^[A-Z_][A-Z0-9_]*(=|$)/.test(word)))
          checkEnv(arg.split('=')[0]!, where)
      } else if (!KNOWN_COMMANDS.has(name)) problems.push(`${where}: unknown command "${name}"`)
    }
  })
  return problems

  function checkEnv(name: string, where: string) {
    if (!SYSTEM_VARIABLES.has(name) && !facts.readsEnv(name))
      problems.push(`${where}: no code reads the environment variable ${name}`)
  }

  function checkNpm(args: string[], where: string) {
    const workspaceFlag = args.findIndex((arg) => arg === '-w' || arg === '--workspace')
    const workspaceName = workspaceFlag >= 0 ? args[workspaceFlag + 1] : undefined
    const rest = args.filter((_, i) => workspaceFlag < 0 || (i !== workspaceFlag && i !== workspaceFlag + 1))
    const [sub, ...operands] = rest
    let scripts = facts.rootScripts
    if (workspaceName !== undefined) {
      const workspace = facts.workspaces.find((w) => w.name === workspaceName || w.dir === workspaceName)
      if (!workspace) return void problems.push(`${where}: no workspace ${workspaceName}`)
      scripts = workspace.scripts
    }
    if (sub === 'start' || sub === 'test') {
      if (!scripts.has(sub)) problems.push(`${where}: npm ${sub}: no "${sub}" script`)
    } else if (sub === 'run') {
      const script = operands.find((arg) => !arg.startsWith('-'))
      if (!script || !scripts.has(script)) problems.push(`${where}: npm run ${script}: no such script`)
    } else if (sub === 'install' || sub === 'i' || sub === 'ci' || sub === 'pack' || sub === 'publish') {
      for (const spec of operands.filter((arg) => arg.startsWith('@walletframe/'))) {
        const name = spec.replace(/(.)@.*$/, '$1')
        if (!facts.workspaces.some((w) => w.name === name))
          problems.push(`${where}: ${name} is not a package of this repository`)
      }
    } else problems.push(`${where}: npm ${sub}: not a command the docs check`)
  }
}
