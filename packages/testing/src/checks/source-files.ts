import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report'])

/** Every .ts/.tsx file below `dir` (skipping dependencies, build output and dot-folders), as `/`-separated paths relative to `root`. */
export function sourceFiles(root: string, dir: string): string[] {
  const found: string[] = []
  const walk = (absolute: string) => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(absolute, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue
      const path = join(absolute, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        found.push(toPosix(relative(root, path)))
    }
  }
  walk(join(root, dir))
  return found.sort()
}

export const toPosix = (path: string) => path.split(sep).join('/')

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++
  return line
}
