import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { collectExportedValues, findLiteralDuplicates, formatHit } from './literal-duplication.ts'

const protocol = {
  STORAGE_KEYS: { themeMode: 'theme-mode', short: 'abc' },
  ALERTS: { expired: { title: 'Session Expired', codes: ['first-code', 'second-code'] } },
  TIME: { toastDurationMs: 2_200, retries: 3, debounceMs: 500 },
  PREFIX: '@walletframe',
  WORD: 'injected',
  schema: new (class Schema {
    readonly hidden = 'not a plain value'
  })(),
}
const values = collectExportedValues(protocol, { minLength: 6, ignore: new Set(['injected']) })

describe('collectExportedValues', () => {
  it('takes strings from plain objects and arrays, and timings from …Ms members', () => {
    expect(Object.fromEntries(values.strings)).toEqual({
      'theme-mode': ['STORAGE_KEYS.themeMode'],
      'Session Expired': ['ALERTS.expired.title'],
      'first-code': ['ALERTS.expired.codes[0]'],
      'second-code': ['ALERTS.expired.codes[1]'],
      '@walletframe': ['PREFIX'],
    })
    expect(Object.fromEntries(values.timings)).toEqual({
      2200: ['TIME.toastDurationMs'],
      500: ['TIME.debounceMs'],
    })
  })
})

describe('findLiteralDuplicates', () => {
  const root = mkdtempSync(join(tmpdir(), 'wf-literals-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('reports retyped strings, JSX text and timing numbers, not imports or other numbers', () => {
    writeFileSync(
      join(root, 'a.tsx'),
      [
        "import { x } from '@walletframe'",
        "localStorage.getItem('theme-mode')",
        'const title = `Session Expired`',
        'const view = <h1> Session Expired </h1>',
        'setTimeout(() => done(), 2_200)',
        'const retryDelayMs = 500',
        'const status = 500 // an HTTP status, not a timing',
        'frame.hide(500)',
        "const other = 'injected' + 'abc'",
        'const machine = { after: { 500: "next" } }',
        "await import('@walletframe')",
      ].join('\n'),
    )
    const hits = findLiteralDuplicates(root, ['a.tsx'], values, [500, 2_200])
    expect(hits.map(formatHit)).toEqual([
      'a.tsx:2 "theme-mode" → use STORAGE_KEYS.themeMode',
      'a.tsx:3 "Session Expired" → use ALERTS.expired.title',
      'a.tsx:4 "Session Expired" → use ALERTS.expired.title',
      'a.tsx:5 "2_200" → use TIME.toastDurationMs',
      'a.tsx:6 "500" → use TIME.debounceMs',
      'a.tsx:8 "500" → use TIME.debounceMs',
      'a.tsx:10 "500" → use TIME.debounceMs',
    ])
  })
})
