import { describe, expect, it } from 'vitest'
import { readQueryOptions } from './config.ts'

describe('the demo’s options from its query string (spec §3 options)', () => {
  it('merges ?options with ?features', () => {
    const search = `?options=${encodeURIComponent('{"debug":true,"enableWalletGuide":false}')}&features=${encodeURIComponent('{"history":false}')}`
    expect(readQueryOptions(search)).toEqual({
      debug: true,
      enableWalletGuide: false,
      features: { history: false },
    })
  })

  it('passes nothing without a query', () => {
    expect(readQueryOptions('')).toEqual({})
  })
})
