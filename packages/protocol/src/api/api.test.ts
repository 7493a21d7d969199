import { describe, expect, it } from 'vitest'
import { BalanceParamsSchema, BalanceQuerySchema } from './balance.ts'
import { SupportedChainsQuerySchema } from './chains.ts'
import {
  ApiAddressSchema,
  Eip155NetworkIdSchema,
  Eip155TokenAddressSchema,
  NATIVE_TOKEN_ADDRESS,
} from './common.ts'
import { API_ERROR_CODES, API_ERRORS } from './errors.ts'
import { HistoryQuerySchema } from './history.ts'
import { IdentityQuerySchema } from './identity.ts'
import { FungiblePriceRequestSchema } from './price.ts'

const client = { projectId: 'walletframe-dev', st: 'appkit', sv: 'html-wagmi-1.7.0' }

/** Values a client could send: wrong types, huge numbers, odd strings, prototype keys. */
const hostile: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'eip155:',
  'eip155:abc',
  'solana:abc',
  'eip155:0',
  'eip155:999999999999999999999',
  `eip155:${'9'.repeat(400)}`,
  'eip155:1:0x',
  'eip155:abc:0x0000000000000000000000000000000000000000',
  '0x',
  'x'.repeat(10_000),
  '\u0000',
  0,
  -1,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  true,
  [],
  ['a', 'b'],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"x": 1}}'),
]

describe('data API shapes', () => {
  it('never throw, whatever a field holds', () => {
    const schemas = [
      BalanceQuerySchema,
      HistoryQuerySchema,
      IdentityQuerySchema,
      SupportedChainsQuerySchema,
      BalanceParamsSchema,
      FungiblePriceRequestSchema,
    ]
    for (const schema of schemas) {
      for (const value of hostile) {
        for (const field of [
          'projectId',
          'st',
          'sv',
          'chainId',
          'cursor',
          'currency',
          'forceUpdate',
          'address',
          'addresses',
          'sender',
          'onramp',
        ]) {
          expect(() => schema.safeParse({ ...client, [field]: value })).not.toThrow()
        }
        expect(() => schema.safeParse(value)).not.toThrow()
      }
    }
  })

  it('accepts CAIP-2 eip155 ids up to the largest safe integer only', () => {
    expect(Eip155NetworkIdSchema.safeParse('eip155:31337').success).toBe(true)
    expect(Eip155NetworkIdSchema.safeParse(`eip155:${Number.MAX_SAFE_INTEGER}`).success).toBe(true)
    expect(Eip155NetworkIdSchema.safeParse(`eip155:${Number.MAX_SAFE_INTEGER + 2}`).success).toBe(false)
    expect(Eip155NetworkIdSchema.safeParse('eip155:01').success).toBe(false)
    expect(Eip155NetworkIdSchema.safeParse('31337').success).toBe(false)
    expect(Eip155TokenAddressSchema.safeParse(`eip155:1:${NATIVE_TOKEN_ADDRESS}`).success).toBe(true)
    expect(
      Eip155TokenAddressSchema.safeParse(`eip155:99999999999999999:${NATIVE_TOKEN_ADDRESS}`).success,
    ).toBe(false)
  })

  it('normalises addresses to lower-case 0x form (spec §5: 0x is optional)', () => {
    expect(ApiAddressSchema.parse('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    )
    expect(ApiAddressSchema.parse('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    )
    expect(ApiAddressSchema.safeParse('0x123').success).toBe(false)
  })

  it('reads boolean flags and defaults the currency', () => {
    expect(BalanceQuerySchema.parse({ ...client, forceUpdate: 'true' })).toMatchObject({
      forceUpdate: true,
      currency: 'usd',
    })
    expect(BalanceQuerySchema.safeParse({ ...client, forceUpdate: '1' }).success).toBe(false)
    expect(BalanceQuerySchema.safeParse({ ...client, currency: 'eur' }).success).toBe(false)
  })

  it('gives every error a unique code and a 4xx or 5xx status', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(Object.keys(API_ERRORS).length)
    for (const error of Object.values(API_ERRORS)) expect(error.status).toBeGreaterThanOrEqual(400)
  })
})
