/** The chain-free checks of a sign-in message (spec §3 sign-in message fields; EIP-4361). */
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { checkSiwxDomain, checkSiwxWindow, parseSiwxMessage } from './check-message.ts'

const base = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 31337,
  domain: 'shop.example',
  uri: 'https://shop.example/login',
  nonce: 'a1b2c3d4e5f6',
  version: '1',
  issuedAt: new Date('2026-11-27T10:00:00Z'),
} as const
const at = (iso: string) => new Date(iso)

describe('parseSiwxMessage', () => {
  it('reads every field of spec §3 from an EIP-4361 message', () => {
    const text = createSiweMessage({
      ...base,
      statement: 'Sign in to the shop',
      expirationTime: at('2026-11-27T11:00:00Z'),
      notBefore: at('2026-11-27T10:00:00Z'),
      requestId: 'req-1',
      resources: ['https://shop.example/terms'],
    })
    expect(parseSiwxMessage(text)).toEqual({
      address: base.address,
      chainId: 31337,
      domain: 'shop.example',
      uri: 'https://shop.example/login',
      nonce: 'a1b2c3d4e5f6',
      issuedAt: base.issuedAt,
      statement: 'Sign in to the shop',
      expirationTime: at('2026-11-27T11:00:00Z'),
      notBefore: at('2026-11-27T10:00:00Z'),
      requestId: 'req-1',
      resources: ['https://shop.example/terms'],
    })
  })

  it.each([
    ['no nonce', (t: string) => t.replace(/\nNonce: .*/, '')],
    ['a short nonce', (t: string) => t.replace(/Nonce: .*/, 'Nonce: abc')],
    ['another version', (t: string) => t.replace('Version: 1', 'Version: 2')],
    ['a bad date', (t: string) => t.replace(/Issued At: .*/, 'Issued At: yesterday')],
    ['plain text', () => 'sign in please'],
  ])('refuses %s as an invalid message', (_what, edit) => {
    expect(() => parseSiwxMessage(edit(createSiweMessage(base)))).toThrow(
      expect.objectContaining({ reason: 'invalidMessage' }),
    )
  })
})

describe('checkSiwxDomain', () => {
  const fields = parseSiwxMessage(createSiweMessage(base))
  it('accepts a uri on an allowed origin whose host is the domain', () => {
    expect(() => checkSiwxDomain(fields, ['https://shop.example'])).not.toThrow()
  })
  it('refuses another origin, and a domain that is not the uri host', () => {
    expect(() => checkSiwxDomain(fields, ['https://other.example'])).toThrow(
      expect.objectContaining({ reason: 'wrongDomain' }),
    )
    expect(() => checkSiwxDomain({ ...fields, domain: 'evil.example' }, ['https://shop.example'])).toThrow(
      expect.objectContaining({ reason: 'wrongDomain' }),
    )
  })
})

describe('checkSiwxWindow', () => {
  const fields = parseSiwxMessage(
    createSiweMessage({
      ...base,
      notBefore: at('2026-11-27T10:05:00Z'),
      expirationTime: at('2026-11-27T11:00:00Z'),
    }),
  )
  it.each([
    ['2026-11-27T10:04:59Z', 'notYetValid'],
    ['2026-11-27T10:05:00Z', undefined],
    ['2026-11-27T10:59:59Z', undefined],
    ['2026-11-27T11:00:00Z', 'expired'],
  ])('at %s: %s', (now, reason) => {
    const check = () => checkSiwxWindow(fields, at(now))
    if (reason) expect(check).toThrow(expect.objectContaining({ reason }))
    else expect(check).not.toThrow()
  })
  it('refuses a message issued beyond a minute of clock skew in the future', () => {
    const early = parseSiwxMessage(createSiweMessage({ ...base, issuedAt: at('2026-11-27T10:01:01Z') }))
    expect(() => checkSiwxWindow(early, at('2026-11-27T10:00:00Z'))).toThrow(
      expect.objectContaining({ reason: 'notYetValid' }),
    )
    expect(() => checkSiwxWindow(fields, at('2026-11-27T10:05:30Z'))).not.toThrow()
  })
})
