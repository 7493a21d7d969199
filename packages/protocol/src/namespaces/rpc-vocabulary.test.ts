import { describe, expect, it } from 'vitest'
import { BIP122_RPC_SCHEMAS } from './bip122-rpc.ts'
import { SOLANA_RPC_SCHEMAS } from './solana-rpc.ts'

const PUBKEY = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const TX = 'AQID'.repeat(20)
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success

describe('the solana vocabulary', () => {
  it('takes spec §7 solana_signMessage in base58 and refuses any other encoding', () => {
    const { params } = SOLANA_RPC_SCHEMAS.solana_signMessage
    expect(ok(params, { message: '3yZe7d', pubkey: PUBKEY })).toBe(true)
    expect(ok(params, { message: '0x68656c6c6f', pubkey: PUBKEY })).toBe(false)
    expect(ok(params, { message: 'aGVsbG8=', pubkey: PUBKEY })).toBe(false)
    expect(ok(SOLANA_RPC_SCHEMAS.solana_signMessage.result, { signature: SIGNATURE })).toBe(true)
    expect(ok(SOLANA_RPC_SCHEMAS.solana_signMessage.result, { signature: '0xab' })).toBe(false)
  })

  it('checks signAndSend options as spec §5 says', () => {
    const { params } = SOLANA_RPC_SCHEMAS.solana_signAndSendTransaction
    expect(ok(params, { transaction: TX })).toBe(true)
    expect(ok(params, { transaction: TX, sendOptions: { skipPreflight: true, maxRetries: 3 } })).toBe(true)
    expect(ok(params, { transaction: TX, sendOptions: { maxRetries: '3' } })).toBe(false)
    expect(ok(params, { transaction: TX, sendOptions: { preflightCommitment: 'soon' } })).toBe(false)
  })

  it('bounds a transaction at the packet size (1232 bytes)', () => {
    const { params } = SOLANA_RPC_SCHEMAS.solana_signTransaction
    expect(ok(params, { transaction: 'A'.repeat(1644) })).toBe(true)
    expect(ok(params, { transaction: 'A'.repeat(1648) })).toBe(false)
    expect(ok(params, { transaction: 'not base64!' })).toBe(false)
  })
})

describe('the bip122 vocabulary', () => {
  it('gives addresses with their purpose', () => {
    const { result } = BIP122_RPC_SCHEMAS.getAccountAddresses
    expect(ok(result, [{ address: SEGWIT, purpose: 'payment' }])).toBe(true)
    expect(ok(result, [{ address: SEGWIT, purpose: 'stacks' }])).toBe(false)
  })

  it('signs a PSBT given in base64, with the inputs to sign', () => {
    const { params } = BIP122_RPC_SCHEMAS.signPsbt
    const psbt = 'cHNidP8BAA=='
    expect(ok(params, { account: SEGWIT, psbt, signInputs: [{ address: SEGWIT, index: 0 }] })).toBe(true)
    expect(ok(params, { account: SEGWIT, psbt: '70736274ff' + '!' })).toBe(false)
    expect(ok(params, { account: SEGWIT, psbt, signInputs: [{ address: SEGWIT, index: -1 }] })).toBe(false)
  })
})
