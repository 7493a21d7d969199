/**
 * The EIP-7702 delegation row's reading (issue 14 point 4): the designator parsed, judged against
 * EIP7702_DELEGATE_ADDRESS, and read from a real anvil (Prague rules) after a dev account signed an
 * authorization with viem.
 */
import { devnetAccounts } from '@walletframe/devnet'
import { EIP7702_DELEGATE_ADDRESS, type Network } from '@walletframe/protocol'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { AccountState, SessionState } from '../core/index.ts'
import { createRpcReader } from '../rpc/index.ts'
import { startTestDevnet } from '../rpc/test-devnet.ts'
import { createDelegationReader, delegateOf, delegationOf } from './delegation.ts'

const TRUSTED = EIP7702_DELEGATE_ADDRESS.toLowerCase()
const UNKNOWN = '0x000000000000000000000000000000000000dead'

describe('delegateOf / delegationOf (pure)', () => {
  it('reads the delegate of an EIP-7702 designator, in any letter case', () => {
    expect(delegateOf(`0xef0100${TRUSTED.slice(2)}`)).toBe(TRUSTED)
    expect(delegateOf(`0xEF0100${EIP7702_DELEGATE_ADDRESS.slice(2)}`)).toBe(TRUSTED)
  })

  it('finds none in an EOA without code, a contract, a short or long designator, or a non-string', () => {
    for (const code of [
      '0x',
      '0x6080604052',
      `0xef0100${'ab'.repeat(19)}`,
      `0xef0100${'ab'.repeat(21)}`,
      null,
    ])
      expect(delegateOf(code)).toBeUndefined()
  })

  it('trusts only EIP7702_DELEGATE_ADDRESS', () => {
    expect(delegationOf(`0xef0100${TRUSTED.slice(2)}`, 'k')).toEqual({
      key: 'k',
      delegate: TRUSTED,
      trusted: true,
    })
    expect(delegationOf(`0xef0100${UNKNOWN.slice(2)}`, 'k')).toEqual({
      key: 'k',
      delegate: UNKNOWN,
      trusted: false,
    })
    expect(delegationOf('0x', 'k')).toBeUndefined()
  })
})

describe('createDelegationReader on anvil', () => {
  let devnet: Awaited<ReturnType<typeof startTestDevnet>>
  let network: Network
  beforeAll(async () => {
    devnet = await startTestDevnet(1)
    const chain = devnet.chains[0]!
    network = {
      id: chain.chainId,
      caipNetworkId: `eip155:${chain.chainId}`,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }
  })
  afterAll(() => devnet?.close())

  /** The EOA of dev account `index` delegates to `delegate` (a type-4 transaction to itself). */
  async function delegate(index: number, target: Address) {
    const account = privateKeyToAccount(devnetAccounts()[index]!.privateKey)
    const client = createWalletClient({ account, transport: http(network.rpcUrls.default.http[0]) })
    const chain = {
      id: network.id,
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: network.rpcUrls,
    }
    const authorization = await client.signAuthorization({
      contractAddress: target,
      executor: 'self',
      chainId: network.id,
    })
    const hash = await client.sendTransaction({
      chain,
      to: account.address,
      authorizationList: [authorization],
    })
    const receipt = await createPublicClient({
      chain,
      transport: http(network.rpcUrls.default.http[0]),
    }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return account.address
  }

  function reader(account: AccountState) {
    const store = createStore({ account } as SessionState)
    const logged: string[] = []
    const delegation = createDelegationReader({
      store,
      findNetwork: (chainId) => (chainId === network.id ? network : undefined),
      read: createRpcReader(() => undefined),
      log: (message) => logged.push(message),
    })
    return { store, delegation, logged }
  }
  const connected = (address: string, type?: AccountState['type']): AccountState => ({
    status: 'connected',
    address,
    chainId: network.id,
    ...(type ? { type } : {}),
  })

  it('shows the trusted delegate of an EOA that delegated to EIP7702_DELEGATE_ADDRESS', async () => {
    const address = await delegate(3, EIP7702_DELEGATE_ADDRESS)
    const { store, delegation } = reader(connected(address))
    await delegation.load()
    expect(store.get().delegation).toEqual({
      key: `${network.id}:${address.toLowerCase()}`,
      delegate: TRUSTED,
      trusted: true,
    })
  })

  it('flags a delegation to unknown code', async () => {
    const address = await delegate(4, UNKNOWN)
    const { store, delegation } = reader(connected(address))
    await delegation.load()
    expect(store.get().delegation).toMatchObject({ delegate: UNKNOWN, trusted: false })
  })

  it('shows none for an EOA without delegation, and reads nothing for a smart account', async () => {
    const plain = reader(connected(devnetAccounts()[5]!.address))
    await plain.delegation.load()
    expect(plain.store.get().delegation).toBeUndefined()
    expect(plain.logged).toEqual([])

    const smart = reader(connected(devnetAccounts()[3]!.address, 'smartAccount'))
    await smart.delegation.load()
    expect(smart.store.get().delegation).toBeUndefined()
  })
})
