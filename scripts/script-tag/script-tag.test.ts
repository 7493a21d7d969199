/**
 * The SRI values printed for integrators are those of the current build: a changed SDK or element
 * without rewritten docs fails here (the e2e then proves the served bytes match, as the browser
 * refuses a script whose integrity differs).
 */
import { readFileSync } from 'node:fs'
import { manifestOfSources } from '@walletframe/sdk/script-tag'
import { describe, expect, it } from 'vitest'
import { PRINTED_IN, scriptTags, withScriptTags } from './script-tag.ts'

describe('the script tags printed in the docs and the example', () => {
  it('carry the versioned URLs and SRI values of the current build', async () => {
    const block = scriptTags(await manifestOfSources())
    for (const file of PRINTED_IN) {
      const text = readFileSync(file, 'utf8')
      expect(
        withScriptTags(text, block, file),
        `${file} is stale: run npx tsx --conditions=walletframe-source scripts/script-tag/script-tag.ts`,
      ).toBe(text)
    }
  })

  it('print sha384 values for the SDK first, then the element, under the SDK version', () => {
    const block = scriptTags(
      {
        version: '9.8.7',
        integrity: { 'walletframe.iife.js': 'sha384-A', 'walletframe-button.iife.js': 'sha384-B' },
      },
      'https://modal.example/',
    )
    expect(block).toContain(
      '<script src="https://modal.example/sdk/9.8.7/walletframe.iife.js"\n        integrity="sha384-A"\n        crossorigin="anonymous"></script>\n<script src="https://modal.example/sdk/9.8.7/walletframe-button.iife.js"',
    )
  })

  it('refuses a file without the markers', () => {
    expect(() => withScriptTags('<p>no block</p>', 'x', 'page.html')).toThrow(/page\.html: no/)
  })
})
