import { describe, expect, it } from 'vitest'
import { parseSolanaSendOptions, SOLANA_PREFLIGHT_COMMITMENTS } from './solana-send-options.ts'

describe('parseSolanaSendOptions (spec §5)', () => {
  it('keeps the four options when they are well formed', () => {
    expect(
      parseSolanaSendOptions({
        skipPreflight: true,
        preflightCommitment: 'confirmed',
        maxRetries: 3,
        minContextSlot: 0,
      }),
    ).toEqual({ skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 0 })
    expect(parseSolanaSendOptions(undefined)).toBeUndefined()
    expect(parseSolanaSendOptions({})).toEqual({})
  })

  it('takes every commitment of spec §5', () => {
    expect(SOLANA_PREFLIGHT_COMMITMENTS).toEqual([
      'processed',
      'confirmed',
      'finalized',
      'recent',
      'single',
      'singleGossip',
      'root',
      'max',
    ])
    for (const preflightCommitment of SOLANA_PREFLIGHT_COMMITMENTS)
      expect(parseSolanaSendOptions({ preflightCommitment })).toEqual({ preflightCommitment })
  })

  it('drops fields that are not options of a send', () => {
    expect(parseSolanaSendOptions({ mode: 'serial', skipPreflight: false })).toEqual({ skipPreflight: false })
  })

  it.each([
    [null, 'sendOptions must be an object.'],
    [[], 'sendOptions must be an object.'],
    [{ skipPreflight: 'yes' }, 'sendOptions.skipPreflight must be a boolean.'],
    [{ preflightCommitment: 'fast' }, /preflightCommitment must be one of processed, confirmed/],
    [{ maxRetries: '3' }, 'sendOptions.maxRetries must be a whole number, 0 or more.'],
    [{ maxRetries: -1 }, 'sendOptions.maxRetries must be a whole number, 0 or more.'],
    [{ minContextSlot: 1.5 }, 'sendOptions.minContextSlot must be a whole number, 0 or more.'],
  ])('refuses %j with a message naming the field', (value, message) => {
    expect(() => parseSolanaSendOptions(value)).toThrow(message)
  })
})
