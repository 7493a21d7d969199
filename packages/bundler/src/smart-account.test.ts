import { type Devnet, startDevnet } from '@walletframe/devnet'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort, freePortPair } from '@walletframe/testing'
import { type Address, createPublicClient, createTestClient, http, type PublicClient, parseEther } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountAbstractionServices, startAccountAbstractionServices } from './services.ts'
import { simpleAccountClient } from './test-support.ts'

const host = '127.0.0.1'
const chainId = 31_337
/** A recipient no fixture touches, so its balance is what the operations sent. */
const RECIPIENT = privateKeyToAddress(`0x${'42'.repeat(32)}`)

describe('ERC-4337 on the devnet: Alto, EntryPoint v0.7, SimpleAccount, dev paymaster', () => {
  let devnet: Devnet
  let services: AccountAbstractionServices
  let client: PublicClient

  beforeAll(async () => {
    const port = await freePortPair()
    const rpcUrl = `http://${host}:${port}`
    devnet = await startDevnet({ host, chains: [{ chainId, name: 'AA Devnet', port, rpcUrl }] })
    const contracts = devnet.fixtures[chainId]!.accountAbstraction
    const [bundlerPort, paymasterPort] = [await freePort(), await freePort()]
    const started = performance.now()
    services = await startAccountAbstractionServices({
      config: resolveStackConfig({ WF_BUNDLER_PORT: `${bundlerPort}`, WF_PAYMASTER_PORT: `${paymasterPort}` })
        .bundler,
      chain: { chainId, rpcUrl },
      contracts,
    })
    // Reported, not asserted: a timing assertion would fail on a busy machine, not on a regression.
    console.log(`bundler and paymaster start-up: ${Math.round(performance.now() - started)} ms`)
    client = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
  }, 60_000)
  afterAll(async () => {
    await services?.close()
    await devnet?.close()
  })

  /** A counterfactual SimpleAccount owned by dev account `index`, and a bundler client for it. */
  async function smartAccount(index: number, options: { sponsored?: boolean } = {}) {
    const bundlerClient = await simpleAccountClient({
      client,
      ownerKey: devnet.accounts[index]!.privateKey,
      entryPoint: devnet.fixtures[chainId]!.accountAbstraction.entryPoint,
      bundlerUrl: services.bundlerUrl,
      ...(options.sponsored ? { paymasterUrl: services.paymasterUrl } : {}),
    })
    return { account: bundlerClient.account!, bundlerClient }
  }

  it('deploys the account with its first operation, which sends ETH', { timeout: 30_000 }, async () => {
    const { account, bundlerClient } = await smartAccount(2)
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    await fundAccount(account.address, '1')
    const before = await client.getBalance({ address: RECIPIENT })

    const sent = performance.now()
    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: RECIPIENT, value: parseEther('0.1') }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    console.log(
      `user operation (deploys the account, sends ETH) → receipt: ${Math.round(performance.now() - sent)} ms`,
    )

    expect(receipt.success).toBe(true)
    expect(await client.getCode({ address: account.address })).toMatch(/^0x.+/)
    expect((await client.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.1'))
    // The account paid its own gas out of its balance.
    expect(await client.getBalance({ address: account.address })).toBeLessThan(parseEther('0.9'))
  })

  it('a sponsored operation costs the account nothing', { timeout: 30_000 }, async () => {
    const { account, bundlerClient } = await smartAccount(3, { sponsored: true })
    await fundAccount(account.address, '0.5')
    const before = await client.getBalance({ address: account.address })

    const sent = performance.now()
    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: RECIPIENT, value: parseEther('0.2') }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    console.log(`sponsored user operation → receipt: ${Math.round(performance.now() - sent)} ms`)

    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(
      devnet.fixtures[chainId]!.accountAbstraction.verifyingPaymaster.toLowerCase(),
    )
    expect(before - (await client.getBalance({ address: account.address }))).toBe(parseEther('0.2'))
  })

  it('a sponsored operation needs no ETH at all in a fresh account', { timeout: 30_000 }, async () => {
    const { account, bundlerClient } = await smartAccount(4, { sponsored: true })
    expect(await client.getBalance({ address: account.address })).toBe(0n)

    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: RECIPIENT, data: '0x' }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })

    expect(receipt.success).toBe(true)
    expect(await client.getCode({ address: account.address })).toMatch(/^0x.+/)
  })

  async function fundAccount(address: Address, ether: string) {
    await createTestClient({ mode: 'anvil', transport: http(devnet.chains[0]!.rpcUrl) }).setBalance({
      address,
      value: parseEther(ether),
    })
  }
})
