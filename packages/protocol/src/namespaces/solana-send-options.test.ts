import { describe, expect, it } from 'vitest'
import { SOLANA_PREFLIGHT_COMMITMENTS, solanaSendOptionsProblem } from './solana-send-options.ts'

describe('solanaSendOptionsProblem (spec §5 Solana signAndSend options)', () => {
  it('accepts no options, and each option of its kind', () => {
    expect(solanaSendOptionsProblem(undefined)).toBeUndefined()
    expect(solanaSendOptionsProblem({})).toBeUndefined()
    for (const preflightCommitment of SOLANA_PREFLIGHT_COMMITMENTS)
      expect(
        solanaSendOptionsProblem({
          skipPreflight: true,
          preflightCommitment,
          maxRetries: 3,
          minContextSlot: 0,
        }),
      ).toBeUndefined()
  })

  it('names the option that is wrong', () => {
    expect(solanaSendOptionsProblem('fast')).toBe('sendOptions must be an object')
    expect(solanaSendOptionsProblem({ skipPreflight: 'yes' })).toBe(
      'sendOptions.skipPreflight must be a boolean',
    )
    expect(solanaSendOptionsProblem({ preflightCommitment: 'soon' })).toMatch(
      /^sendOptions.preflightCommitment must be one of processed, confirmed, finalized, recent, single, singleGossip, root, max$/,
    )
    expect(solanaSendOptionsProblem({ maxRetries: '3' })).toMatch(/maxRetries must be a number/)
    expect(solanaSendOptionsProblem({ minContextSlot: -1 })).toMatch(/minContextSlot must be a number/)
    expect(solanaSendOptionsProblem({ encoding: 'base64' })).toBe(
      'sendOptions.encoding is not a Solana send option',
    )
  })
})
