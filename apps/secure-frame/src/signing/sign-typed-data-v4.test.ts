import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import { PROVIDER_UNAUTHORIZED, RPC_INVALID_PARAMS } from '@walletframe/protocol'
import { createPublicClient, http, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signTypedDataV4 } from './sign-typed-data-v4.ts'
import { devAccountVault, startTestChain, TEST_CHAIN_ID } from './test-devnet.ts'

let devnet: Devnet
let rpcUrl: string
const { address } = devnetAccounts()[0]!
const vault = devAccountVault(0)

beforeAll(async () => {
  ;({ devnet, rpcUrl } = await startTestChain())
})
afterAll(() => devnet?.close())

/** A permit-like message as dapps send it: EIP712Domain listed, nested struct, an array, a bytes32. */
const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'tag', type: 'bytes32' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: TEST_CHAIN_ID,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!',
    tag: `0x${'ab'.repeat(32)}`,
  },
} as const

/** viem types the domain's uint256 chainId as a bigint; the JSON a dapp sends has a number. */
const verifies = (signature: `0x${string}`) =>
  verifyTypedData({
    ...typedData,
    domain: { ...typedData.domain, chainId: BigInt(TEST_CHAIN_ID) },
    address,
    signature,
  })

describe('signTypedDataV4', () => {
  it('signs JSON typed data as anvil does, and the signature verifies', async () => {
    const json = JSON.stringify(typedData)
    const signature = await signTypedDataV4(vault, [address, json], TEST_CHAIN_ID)
    expect(await verifies(signature)).toBe(true)
    const anvil = await createPublicClient({ transport: http(rpcUrl) }).request({
      method: 'eth_signTypedData_v4' as never,
      params: [address, json] as never,
    })
    expect(signature).toBe(anvil)
  })

  it('accepts the typed data as an object, and a domain without EIP712Domain listed', async () => {
    const { EIP712Domain: _, ...types } = typedData.types
    const signature = await signTypedDataV4(vault, [address, { ...typedData, types }])
    expect(await verifies(signature)).toBe(true)
  })

  it('refuses an address other than the wallet’s (4100)', async () => {
    await expect(signTypedDataV4(vault, [devnetAccounts()[2]!.address, typedData])).rejects.toMatchObject({
      code: PROVIDER_UNAUTHORIZED.code,
    })
  })

  it('refuses a domain for another chain when the chain is known', async () => {
    await expect(signTypedDataV4(vault, [address, typedData], 1)).rejects.toMatchObject({
      code: RPC_INVALID_PARAMS.code,
      message: `${RPC_INVALID_PARAMS.message}: eth_signTypedData_v4 has a domain for chain ${TEST_CHAIN_ID}, not 1.`,
    })
  })

  it('refuses malformed typed data (-32602)', async () => {
    const cases: unknown[] = [
      [address],
      [address, '{not json'],
      [address, 'null'],
      [address, { ...typedData, primaryType: 'Letter' }],
      [address, { ...typedData, message: 'hi' }],
      [address, { ...typedData, types: { Mail: 'x' } }],
      [address, { ...typedData, message: { ...typedData.message, from: { name: 'Cow', wallet: '0x12' } } }],
      [address, { ...typedData, message: { contents: 'missing fields' } }],
    ]
    for (const params of cases) {
      await expect(signTypedDataV4(vault, params), JSON.stringify(params)).rejects.toMatchObject({
        code: RPC_INVALID_PARAMS.code,
      })
    }
  })
})
