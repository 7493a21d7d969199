/**
 * The Account view's EIP-7702 delegation row, read by the session from a real anvil (Prague rules)
 * after a dev account delegated with a viem-signed authorization (issue 14 point 4): any connected
 * EOA, here a page wallet; a smart account is not read.
 */
import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import { EIP7702_DELEGATE_ADDRESS, type Network } from '@walletframe/protocol'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFakeWallet } from '../features/connect/test-wallet.ts'
import { startTestDevnet } from '../features/rpc/test-devnet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const UNKNOWN = '0x000000000000000000000000000000000000dead'
let devnet: Devnet | undefined
let network: Network
const harnesses: SessionHarness[] = []

beforeAll(async () => {
  devnet = await startTestDevnet(1)
  network = testNetwork(devnet.chains[0]!.chainId, devnet.chains[0]!.rpcUrl)
}, 30_000)
afterAll(async () => {
  await devnet?.close()
})
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

/** The EOA of dev account `index` delegates to `target` (a type-4 transaction to itself). */
async function delegate(index: number, target: Address): Promise<Address> {
  const account = privateKeyToAccount(devnetAccounts()[index]!.privateKey)
  const transport = http(network.rpcUrls.default.http[0])
  const chain = {
    id: network.id,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
  }
  const client = createWalletClient({ account, chain, transport })
  const authorization = await client.signAuthorization({ contractAddress: target, executor: 'self' })
  const hash = await client.sendTransaction({ to: account.address, authorizationList: [authorization] })
  const receipt = await createPublicClient({ chain, transport }).waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return account.address
}

/** A page wallet of `address` connected, and the delegation the session read for it. */
async function delegationOfConnected(address: string) {
  const wallet = createFakeWallet({ address, chainId: network.id })
  const harness = startSession({ networks: [network], wallets: [wallet] })
  harnesses.push(harness)
  await connectWallet(harness, wallet)
  await harness.session.loadDelegation()
  return { harness, delegation: harness.session.store.get().delegation }
}

describe('the EIP-7702 delegation of the connected EOA', () => {
  it('is shown, trusted, when the EOA delegates to EIP7702_DELEGATE_ADDRESS', async () => {
    const address = await delegate(3, EIP7702_DELEGATE_ADDRESS)
    const { delegation } = await delegationOfConnected(address)
    expect(delegation).toEqual({
      key: `${network.id}:${address.toLowerCase()}`,
      delegate: EIP7702_DELEGATE_ADDRESS.toLowerCase(),
      trusted: true,
    })
  })

  it('is flagged when the EOA delegates to unknown code', async () => {
    const address = await delegate(4, UNKNOWN)
    const { delegation } = await delegationOfConnected(address)
    expect(delegation).toMatchObject({ delegate: UNKNOWN, trusted: false })
  })

  it('is none for an EOA that never delegated, and goes when the account does', async () => {
    const delegated = await delegationOfConnected(await delegate(5, UNKNOWN))
    expect(delegated.delegation).toBeDefined()
    await delegated.harness.session.disconnect()
    await delegated.harness.session.loadDelegation()
    expect(delegated.harness.session.store.get().delegation).toBeUndefined()

    const { delegation } = await delegationOfConnected(devnetAccounts()[6]!.address)
    expect(delegation).toBeUndefined()
  })
})
