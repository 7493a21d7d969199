/**
 * Issue 11 point 6: `forceUpdate` as AppKit's clients send it. The API here runs without its
 * indexer, so a token the account received is known only through the token form of forceUpdate.
 */
import { DevnetToken } from '@walletframe/devnet'
import { BalanceResponseSchema } from '@walletframe/protocol'
import { type Address, createWalletClient, encodeFunctionData, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningApi } from '../server.ts'
import {
  freshAddress,
  clientQuery as query,
  startTestApi,
  TEST_BACKENDS,
  type TestBackend,
} from '../test-support/api.ts'
import { anvil, publicClient, toHexQuantity } from '../test-support/chain.ts'
import { startTestDevnet, type TestDevnet } from '../test-support/devnet.ts'

describe.each(TEST_BACKENDS)('balance forceUpdate forms on $name', (backend: TestBackend) => {
  let devnet: TestDevnet
  let storage: Awaited<ReturnType<TestBackend['start']>>
  let api: RunningApi
  /** An ERC-20 nobody configured, deployed after the fixtures, with 1,000 units sent to `holder`. */
  let token: Address
  const holder = freshAddress()

  beforeAll(async () => {
    ;[devnet, storage] = await Promise.all([startTestDevnet(), backend.start()])
    const chain = devnet.stack.devnet.chains[0]!
    api = await startTestApi(devnet, storage.storage, {
      indexer: { enabled: false, pollIntervalMs: 1_000, blockBatchSize: 100 },
    })
    const deployer = privateKeyToAccount(generatePrivateKey())
    await anvil(chain, 'anvil_setBalance', [deployer.address, toHexQuantity(parseEther('1'))])
    const wallet = createWalletClient({ account: deployer, transport: http(chain.rpcUrl) })
    const client = publicClient(chain)
    const deployed = await client.waitForTransactionReceipt({
      hash: await wallet.deployContract({
        chain: null,
        abi: DevnetToken.abi,
        bytecode: DevnetToken.bytecode,
        args: ['Fresh Token', 'FRESH', 18, parseEther('1000000')],
      }),
      pollingInterval: 20,
    })
    token = deployed.contractAddress!.toLowerCase() as Address
    const data = encodeFunctionData({
      abi: DevnetToken.abi,
      functionName: 'transfer',
      args: [holder, parseEther('1000')],
    })
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ chain: null, to: token, data: data as Hex }),
      pollingInterval: 20,
    })
  })
  afterAll(async () => {
    await api?.close()
    await Promise.all([devnet?.close(), storage?.close()])
  })

  const get = async (address: Address, extra: Record<string, string>) => {
    const response = await api.app.request(`/v1/account/${address}/balance?${query(extra)}`)
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const balances = async (address: Address, extra: Record<string, string>) => {
    const { status, body } = await get(address, extra)
    expect(status, JSON.stringify(body)).toBe(200)
    return BalanceResponseSchema.parse(body).balances
  }
  const fresh = (list: Awaited<ReturnType<typeof balances>>) =>
    list.find((entry) => entry.address === `eip155:31337:${token}`)

  it('includes a token given as a hex address, read fresh, that the indexer never saw', async () => {
    expect(fresh(await balances(holder, { chainId: 'eip155:31337' }))).toBeUndefined()
    const list = await balances(holder, { chainId: 'eip155:31337', forceUpdate: token })
    expect(fresh(list)).toMatchObject({
      name: 'Fresh Token',
      symbol: 'FRESH',
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: '1000' },
    })
    // The forced answer is the cached one now: the next plain read shows the token too.
    expect(fresh(await balances(holder, { chainId: 'eip155:31337' }))).toBeDefined()
  })

  it('takes the CAIP-10 form, on the chain it names, and includes the token even at 0', async () => {
    const nobody = freshAddress()
    const list = await balances(nobody, {
      forceUpdate: `eip155:31337:${token.toUpperCase().replace('0X', '0x')}`,
    })
    expect(fresh(list)).toMatchObject({ quantity: { numeric: '0' } })
    // Only on its own chain: the other chain has no such contract, and nothing of it is listed.
    expect(list.filter((entry) => entry.symbol === 'FRESH')).toHaveLength(1)
  })

  it('leaves out an address that is no ERC-20 on the chain', async () => {
    const list = await balances(freshAddress(), { chainId: 'eip155:31337', forceUpdate: freshAddress() })
    expect(list.map((entry) => entry.symbol)).toEqual(['ETH'])
  })

  it('throttles both forms under one limit per address and chain; false is never throttled', async () => {
    const address = freshAddress()
    expect((await get(address, { chainId: 'eip155:31337', forceUpdate: token })).status).toBe(200)
    const again = await get(address, { chainId: 'eip155:31337', forceUpdate: 'true' })
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 'RATE_LIMITED' })
    const other = freshAddress()
    expect((await get(other, { chainId: 'eip155:31337', forceUpdate: 'true' })).status).toBe(200)
    expect((await get(other, { chainId: 'eip155:31337', forceUpdate: `eip155:31337:${token}` })).status).toBe(
      429,
    )
    for (let i = 0; i < 3; i++) {
      expect((await get(other, { chainId: 'eip155:31337', forceUpdate: 'false' })).status).toBe(200)
    }
  })

  it('refuses malformed forms with a 400 naming forceUpdate', async () => {
    const address = freshAddress()
    for (const forceUpdate of [
      'yes',
      '1',
      '0x123',
      `eip155:0:${token}`,
      `eip155:31337:${token}:x`,
      `solana:1:${token}`,
    ]) {
      const { status, body } = await get(address, { forceUpdate })
      expect(status, forceUpdate).toBe(400)
      expect(body).toMatchObject({ code: 'INVALID_INPUT' })
      expect((body as { message: string }).message).toContain('forceUpdate')
    }
    const otherChain = await get(address, { chainId: 'eip155:31338', forceUpdate: `eip155:31337:${token}` })
    expect(otherChain.status).toBe(400)
    expect((otherChain.body as { message: string }).message).toContain('forceUpdate')
    const unknownChain = await get(address, { forceUpdate: `eip155:5:${token}` })
    expect(unknownChain.status).toBe(400)
    expect(unknownChain.body).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
  })
})
