import { describe, expect, it } from 'vitest'
import { RPC_INVALID_PARAMS } from '../errors/catalogue.ts'
import { WALLET_CALL_ERRORS } from '../errors/wallet-call-errors.ts'
import { callCapabilities } from './capabilities.ts'
import {
  parseGetCallsStatusParams,
  parseGetCapabilitiesParams,
  parseSendCallsParams,
  type SendCallsWallet,
} from './parse.ts'
import { CallCapabilitiesSchema, SEND_CALLS_MAX_CALLS } from './shapes.ts'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** `approve(RECIPIENT, 1)` */
const APPROVE = `0x095ea7b3${RECIPIENT.slice(2).toLowerCase().padStart(64, '0')}${'1'.padStart(64, '0')}`

const smartAccount: SendCallsWallet = {
  chainIds: [31_337],
  capabilities: ['atomic', 'paymasterService'],
  atomic: 'supported',
  isKnownId: (id) => id === 'used',
}
const batch = (fields: Record<string, unknown> = {}) => [
  {
    version: '2.0.0',
    chainId: '0x7a69',
    atomicRequired: true,
    calls: [
      { to: TOKEN, data: APPROVE },
      { to: RECIPIENT, value: '0x2386f26fc10000' },
    ],
    ...fields,
  },
]

describe('parseSendCallsParams', () => {
  it('reads a batch: calls with value as bigint, data kept, chain id as a number', () => {
    expect(parseSendCallsParams(batch({ id: 'batch-1', from: RECIPIENT }), smartAccount)).toStrictEqual({
      version: '2.0.0',
      id: 'batch-1',
      from: RECIPIENT,
      chainId: 31_337,
      atomicRequired: true,
      calls: [
        { to: TOKEN, data: APPROVE },
        { to: RECIPIENT, value: 10_000_000_000_000_000n },
      ],
    })
  })

  it('reads the paymaster service a dapp asks for (ERC-7677)', () => {
    const capabilities = { paymasterService: { url: 'http://127.0.0.1:4337/pm', context: { policy: 'dev' } } }
    expect(parseSendCallsParams(batch({ capabilities }), smartAccount).paymasterService).toStrictEqual(
      capabilities.paymasterService,
    )
  })

  it('refuses malformed batches with -32602 naming the field', () => {
    const cases: [unknown, RegExp][] = [
      [undefined, /expects one object/],
      [[{}, {}], /expects one object/],
      [batch({ calls: [] }), /calls/],
      [batch({ calls: [{ value: '0x1' }] }), /calls\.0\.to/],
      [batch({ calls: [{ to: '0x12' }] }), /calls\.0\.to/],
      [batch({ calls: [{ to: TOKEN, data: 'abcd' }] }), /calls\.0\.data must be hex bytes starting with 0x/],
      [batch({ calls: [{ to: TOKEN, data: '0x123' }] }), /calls\.0\.data/],
      [batch({ calls: [{ to: TOKEN, value: '100' }] }), /calls\.0\.value must be a hex quantity/],
      [batch({ chainId: 31_337 }), /chainId/],
      [batch({ atomicRequired: undefined }), /atomicRequired/],
      [batch({ atomicRequired: 'yes' }), /atomicRequired/],
      [batch({ id: 'x'.repeat(4097) }), /id/],
      [
        batch({ capabilities: { paymasterService: { url: 'ftp://x' } } }),
        /capabilities\.paymasterService\.url/,
      ],
    ]
    for (const [params, message] of cases) {
      let thrown: unknown
      try {
        parseSendCallsParams(params, smartAccount)
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(params)).toMatchObject({ code: RPC_INVALID_PARAMS.code, message })
    }
  })

  it('5710: a chain the wallet does not send calls on', () => {
    expect(() => parseSendCallsParams(batch({ chainId: '0x1' }), smartAccount)).toThrow(
      expect.objectContaining({
        code: 5710,
        reason: WALLET_CALL_ERRORS.unsupportedChain.reason,
        message: expect.stringMatching(/0x1/),
      }),
    )
  })

  it('5740: more calls than one batch may hold', () => {
    const calls = Array.from({ length: SEND_CALLS_MAX_CALLS + 1 }, () => ({ to: RECIPIENT }))
    expect(() => parseSendCallsParams(batch({ calls }), smartAccount)).toThrow(
      expect.objectContaining({ code: 5740, reason: 'BundleTooLarge' }),
    )
    expect(() => parseSendCallsParams(batch({ calls: calls.slice(1) }), smartAccount)).not.toThrow()
  })

  it('5700: a required capability the wallet lacks, at the batch or on a call; an optional one is ignored', () => {
    const unknown = { flashbotsBundle: { hint: 'x' } }
    for (const params of [
      batch({ capabilities: unknown }),
      batch({ calls: [{ to: TOKEN, capabilities: unknown }] }),
    ])
      expect(() => parseSendCallsParams(params, smartAccount)).toThrow(
        expect.objectContaining({ code: 5700, message: expect.stringMatching(/flashbotsBundle/) }),
      )
    const optional = { flashbotsBundle: { hint: 'x', optional: true } }
    expect(parseSendCallsParams(batch({ capabilities: optional }), smartAccount).calls).toHaveLength(2)
    // A wallet without a paymaster: a required paymasterService is refused, an optional one ignored.
    const eoa = { ...smartAccount, capabilities: ['atomic'] }
    const paymaster = { url: 'http://127.0.0.1:1/pm' }
    expect(() => parseSendCallsParams(batch({ capabilities: { paymasterService: paymaster } }), eoa)).toThrow(
      expect.objectContaining({ code: 5700 }),
    )
    const request = parseSendCallsParams(
      batch({ capabilities: { paymasterService: { ...paymaster, optional: true } } }),
      eoa,
    )
    expect(request.paymasterService).toBeUndefined()
  })

  it('5760: atomicity required of an account that cannot run a batch atomically', () => {
    const plain = { ...smartAccount, atomic: 'unsupported' as const }
    expect(() => parseSendCallsParams(batch(), plain)).toThrow(
      expect.objectContaining({ code: 5760, reason: 'AtomicityNotSupported' }),
    )
    expect(parseSendCallsParams(batch({ atomicRequired: false }), plain).atomicRequired).toBe(false)
    // `ready`: the account can be upgraded for it, so the batch goes on (the upgrade is asked then).
    expect(parseSendCallsParams(batch(), { ...smartAccount, atomic: 'ready' }).atomicRequired).toBe(true)
  })

  it('5720: an id already used', () => {
    expect(() => parseSendCallsParams(batch({ id: 'used' }), smartAccount)).toThrow(
      expect.objectContaining({ code: 5720, reason: 'DuplicateCallsId' }),
    )
  })
})

describe('every wallet-call code of spec §8', () => {
  it('has its EIP-5792 code and a unique reason', () => {
    expect(Object.values(WALLET_CALL_ERRORS).map((entry) => entry.code)).toStrictEqual([
      5700, 5710, 5720, 5730, 5740, 5750, 5760,
    ])
    const reasons = Object.values(WALLET_CALL_ERRORS).map((entry) => entry.reason)
    expect(new Set(reasons).size).toBe(reasons.length)
  })
})

describe('parseGetCallsStatusParams and parseGetCapabilitiesParams', () => {
  it('reads the batch id', () => {
    expect(parseGetCallsStatusParams(['0xabc'])).toBe('0xabc')
    for (const params of [undefined, [], [1], [''], ['a', 'b']])
      expect(() => parseGetCallsStatusParams(params)).toThrow(
        expect.objectContaining({ code: RPC_INVALID_PARAMS.code }),
      )
  })

  it('reads the account and the chains asked about', () => {
    expect(parseGetCapabilitiesParams([RECIPIENT])).toStrictEqual({ address: RECIPIENT })
    expect(parseGetCapabilitiesParams([RECIPIENT, ['0x7a69', '0x1']])).toStrictEqual({
      address: RECIPIENT,
      chainIds: [31_337, 1],
    })
    for (const params of [[], ['0x12'], [RECIPIENT, [31_337]], [RECIPIENT, '0x1'], [RECIPIENT, ['0x01']]])
      expect(() => parseGetCapabilitiesParams(params)).toThrow(
        expect.objectContaining({ code: RPC_INVALID_PARAMS.code }),
      )
  })
})

describe('callCapabilities', () => {
  it('keys each chain by its hex id, with the atomic status and paymaster support', () => {
    const answer = callCapabilities([
      { chainId: 31_337, atomic: 'supported', paymasterService: true },
      { chainId: 11_155_111, atomic: 'ready', paymasterService: false },
    ])
    expect(answer).toStrictEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0xaa36a7': { atomic: { status: 'ready' }, paymasterService: { supported: false } },
    })
    expect(CallCapabilitiesSchema.safeParse(answer).success).toBe(true)
    expect(CallCapabilitiesSchema.safeParse({ '31337': answer['0x7a69'] }).success).toBe(false)
  })
})
