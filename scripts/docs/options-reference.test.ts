import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { optionRows, renderOptionsReference } from './options-reference.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('docs/options.md, the options reference', () => {
  it('is what `npm run docs:options` writes from WalletFrameOptionsSchema today', () => {
    expect(readFileSync(`${root}docs/options.md`, 'utf8')).toBe(renderOptionsReference(root))
  })

  it('lists every option and every feature flag with its limits', () => {
    const rows = new Map(optionRows(root).map((row) => [row.path, row]))
    expect(rows.get('projectId')).toMatchObject({ required: true, kind: 'string (1–128 characters)' })
    expect(rows.get('themeMode')?.kind).toBe("`'light'` \\| `'dark'`")
    expect(rows.get('features.legalCheckbox')).toMatchObject({ kind: 'boolean', default: '`false`' })
    expect(rows.get('customWallets[].homepage')?.pattern).toBeDefined()
  })
})
