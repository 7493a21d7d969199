import { type Devnet, startDevnet } from '@walletframe/devnet'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort, freePortPair } from '@walletframe/testing'
import { type Address, createPublicClient, createTestClient, http, type PublicClient, parseEther } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountAbstractionServices, startAccountAbstractionServices } from './services.ts'
import { smartAccountClient } from './test-support.ts'

const host = '127.0.0.1'
const chainId = 31_337
/** A recipient no fixture touches, so its balance is what the operations sent. */
const RECIPIENT = privateKeyToAddress(`0x${'42'.repeat(32)}`)

describe("ERC-4337 on the devnet: Alto, EntryPoint v0.7, the embedded wallet's account, dev paymaster", () => {
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

  /** A counterfactual WalletFrameAccount owned by dev account `index`, and a bundler client for it. */
  async function smartAccount(index: number, options: { sponsored?: boolean } = {}) {
    const bundlerClient = await smartAccountClient({
      client,
      ownerKey: devnet.accounts[index]!.privateKey,
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

  it('executes a batch atomically: one reverting call undoes the others', { timeout: 30_000 }, async () => {
    const { account, bundlerClient } = await smartAccount(5)
    await fundAccount(account.address, '1')
    const before = await client.getBalance({ address: RECIPIENT })
    // The EntryPoint itself refuses plain ETH from an account (no receive): that call reverts.
    const failing = {
      to: devnet.fixtures[chainId]!.accountAbstraction.entryPoint,
      data: '0xdeadbeef' as const,
    }

    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: RECIPIENT, value: parseEther('0.1') }, failing],
      // Limits given, so no estimate runs: an estimate of a reverting batch is refused up front,
      // and the point here is what happens on chain.
      callGasLimit: 500_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })

    expect(receipt.success).toBe(false)
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before)
  })

  it('signs messages and typed data that verify through ERC-6492 before deployment and ERC-1271 after', {
    timeout: 30_000,
  }, async () => {
    const { account, bundlerClient } = await smartAccount(6, { sponsored: true })
    const typedData = {
      domain: { name: 'Dapp', version: '1', chainId, verifyingContract: RECIPIENT },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const verify = async () => {
      const message = 'sign in to the dapp'
      const signature = await account.signMessage({ message })
      expect(await client.verifyMessage({ address: account.address, message, signature })).toBe(true)
      expect(await client.verifyMessage({ address: account.address, message: 'other', signature })).toBe(
        false,
      )
      const typedSignature = await account.signTypedData(typedData)
      expect(
        await client.verifyTypedData({ address: account.address, signature: typedSignature, ...typedData }),
      ).toBe(true)
      return signature
    }

    const undeployed = await verify()
    expect(undeployed.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: RECIPIENT, data: '0x' }] })
    await bundlerClient.waitForUserOperationReceipt({ hash })
    const deployed = await verify()
    expect(deployed.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(false)
  })

  async function fundAccount(address: Address, ether: string) {
    await createTestClient({ mode: 'anvil', transport: http(devnet.chains[0]!.rpcUrl) }).setBalance({
      address,
      value: parseEther(ether),
    })
  }
})
