/**
 * Every environment variable the code reads is documented (issue 13 point 9, self-hosting: "every
 * service, its environment variables"): named in the README, a page of docs/, or a workspace's own
 * README. A new variable without a line in the docs fails here.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isSource, listFiles } from './repo-facts.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The platform's own, not WalletFrame's. */
const PLATFORM = new Set(['NODE_ENV', 'TZ', 'CI', 'HOME', 'PATH'])
/** `process.env.X`, `env.X`, `env['X']`, and `{ env: 'X' }` (the protocol's settings tables). */
const READ =
  /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\benv: '([A-Z][A-Z0-9_]+)'/g

describe('environment variables', () => {
  const code = ['apps', 'packages', 'scripts', 'e2e', 'examples'].flatMap((dir) =>
    listFiles(join(root, dir), isSource),
  )
  const read = new Map<string, string>()
  for (const file of code)
    for (const match of readFileSync(file, 'utf8').matchAll(READ)) {
      const name = match[1] ?? match[2] ?? match[3]!
      if (!PLATFORM.has(name) && !read.has(name)) read.set(name, relative(root, file))
    }
  const docs = [
    join(root, 'README.md'),
    ...listFiles(join(root, 'docs'), (name) => name.endsWith('.md')),
    ...['apps', 'packages', 'examples'].flatMap((dir) =>
      listFiles(join(root, dir), (name) => name === 'README.md'),
    ),
  ]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')

  it('finds the services’ variables', () => {
    expect(read.has('DATABASE_URL') && read.has('WF_KEY_SERVER_SECRET')).toBe(true)
  })

  it('every one the code reads is documented', () => {
    const undocumented = [...read].filter(([name]) => !new RegExp(`\\b${name}\\b`).test(docs))
    expect(undocumented.map(([name, file]) => `${name} (read in ${file})`)).toEqual([])
  })
})
