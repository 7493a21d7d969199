/**
 * Keeps docs/frame-security.md true (issue 10 point 2): every test it names exists under that
 * title in that file, and no product source posts a message to '*'.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const index = readFileSync(join(root, 'docs/frame-security.md'), 'utf8')

/** Each row's cited tests: `path` › "title" (› "title" again for the same file). */
function citations(): { point: string; file: string; title: string }[] {
  const found: { point: string; file: string; title: string }[] = []
  for (const row of index
    .split('\n')
    .filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| point'))) {
    const [point = '', proof = ''] = row.split(' | ').map((cell) => cell.replace(/^\| |\|$/g, '').trim())
    let file = ''
    for (const part of proof.matchAll(/`([^`]+\.ts)`|› "((?:[^"\\]|\\.)*)"/g)) {
      if (part[1]) file = part[1]
      else found.push({ point, file, title: part[2]!.replaceAll('\\"', '"') })
    }
  }
  return found
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the frame-security suite', () => {
  const cited = citations()

  it('names at least one test for each of its points', () => {
    expect(cited.length).toBeGreaterThan(40)
    const points = index.split('\n').filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| point'))
    expect(new Set(cited.map((entry) => entry.point)).size).toBe(points.length)
  })

  it.each(cited.map((entry) => [entry.file, entry.title] as const))('%s holds "%s"', (file, title) => {
    const text = readFileSync(join(root, file), 'utf8')
    const quoted = ["'", '"', '`'].some((quote) => text.includes(`${quote}${title}${quote}`))
    expect(quoted, `${file} has no test "${title}"`).toBe(true)
  })

  it("no product source posts a message to '*'", () => {
    const offenders = ['packages', 'apps']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((path) => /postMessage\([^)]*,\s*['"`]\*['"`]/s.test(readFileSync(path, 'utf8')))
    expect(offenders).toEqual([])
  })
})
