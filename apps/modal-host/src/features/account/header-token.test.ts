import { describe, expect, it } from 'vitest'
import { decodeAbiString } from './header-token.ts'

// The read itself runs against anvil in app/session-options.test.ts (spec §3 Settings tokens).
describe('the header token’s symbol', () => {
  it('decodes an ABI string', () => {
    const word = (hex: string) => hex.padStart(64, '0')
    const abi = `0x${word('20')}${word('4')}${'64555344'.padEnd(64, '0')}`
    expect(decodeAbiString(abi)).toBe('dUSD')
  })

  it('decodes a bytes32 symbol as older tokens return it', () => {
    expect(decodeAbiString(`0x${'4d4b52'.padEnd(64, '0')}`)).toBe('MKR')
  })
})
