import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import { PROVIDER_UNAUTHORIZED, RPC_INVALID_PARAMS } from '@walletframe/protocol'
import { createPublicClient, http, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyVault } from '../custody/index.ts'
import { personalSign } from './personal-sign.ts'
import { devAccountVault, startTestChain } from './test-devnet.ts'

let devnet: Devnet
let rpcUrl: string
const { address } = devnetAccounts()[0]!
const vault = devAccountVault(0)

beforeAll(async () => {
  ;({ devnet, rpcUrl } = await startTestChain())
})
afterAll(() => devnet?.close())

/** What anvil itself signs for its unlocked dev account: the reference signature. */
const anvilPersonalSign = (message: string) =>
  createPublicClient({ transport: http(rpcUrl) }).request({
    method: 'personal_sign' as never,
    params: [message, address] as never,
  }) as Promise<string>

describe('personalSign', () => {
  it('signs text as anvil does, and the signature verifies', async () => {
    const signature = await personalSign(vault, ['Sign in to WalletFrame', address])
    expect(await verifyMessage({ address, message: 'Sign in to WalletFrame', signature })).toBe(true)
    expect(signature).toBe(await anvilPersonalSign(toHex('Sign in to WalletFrame')))
  })

  it('signs a hex message as its bytes', async () => {
    const raw = '0xdeadbeef00ff'
    const signature = await personalSign(vault, [raw, address.toLowerCase()])
    expect(await verifyMessage({ address, message: { raw }, signature })).toBe(true)
    expect(signature).toBe(await anvilPersonalSign(raw))
  })

  it('refuses an address other than the wallet’s (4100)', async () => {
    const other = devnetAccounts()[1]!.address
    await expect(personalSign(vault, ['hello', other])).rejects.toMatchObject({
      code: PROVIDER_UNAUTHORIZED.code,
      reason: PROVIDER_UNAUTHORIZED.reason,
      message: `personal_sign: ${other} is not the account of this wallet.`,
    })
  })

  it('refuses to sign with a locked vault (4100)', async () => {
    await expect(personalSign(createKeyVault(), ['hello', address])).rejects.toMatchObject({
      code: PROVIDER_UNAUTHORIZED.code,
    })
  })

  it('refuses malformed params (-32602)', async () => {
    for (const params of [
      undefined,
      [],
      ['hello'],
      [42, address],
      ['hello', 'not-an-address'],
      { message: 'x' },
    ]) {
      await expect(personalSign(vault, params)).rejects.toMatchObject({
        code: RPC_INVALID_PARAMS.code,
        reason: RPC_INVALID_PARAMS.reason,
      })
    }
  })
})
