/**
 * The relay as its own process, started through main.ts exactly as the stack starts it, so a
 * benchmark's clients and the relay do not share one event loop.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '@walletframe/testing'

export interface RelayProcess {
  url: string
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>
}

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url))
const RELAY_DIR = fileURLToPath(new URL('../..', import.meta.url))

export async function startRelayProcess(env: Record<string, string> = {}): Promise<RelayProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--conditions=walletframe-source', '--import', 'tsx', MAIN], {
    cwd: RELAY_DIR,
    env: { ...process.env, WF_RELAY_HOST: '127.0.0.1', WF_RELAY_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`relay process did not start: ${output}`)), 20_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /relay listening on (\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`relay process exited with ${code}: ${output}`))
    })
  })
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
