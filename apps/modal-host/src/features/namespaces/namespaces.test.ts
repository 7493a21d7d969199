import {
  bitcoin,
  type NamespaceNetwork,
  solana,
  solanaLocalnet,
  type WalletDescriptor,
} from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { NamespaceAccount, NamespaceConnector, SessionState } from '../core/index.ts'
import { createNamespaces } from './namespaces.ts'
import { NAMESPACES_IDLE } from './state.ts'

const SOLANA_KEY = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
const NETWORKS: NamespaceNetwork[] = [solanaLocalnet, solana, bitcoin] as unknown as NamespaceNetwork[]
const PHANTOM: WalletDescriptor = {
  id: 'phantom',
  name: 'Phantom',
  type: 'INJECTED',
  icon: '',
} as WalletDescriptor

/** A wallet that answers with a fixed account and records what it was asked. */
function recordingConnector(
  id: string,
  account: NamespaceAccount,
  namespace: 'solana' | 'bip122' = 'solana',
) {
  const calls: { method: string; params: unknown; network: string }[] = []
  const connector: NamespaceConnector = {
    id,
    name: id,
    namespace,
    connect: async () => account,
    async request(method, params, { network }) {
      calls.push({ method, params, network: network.caipNetworkId })
      return { signature: 'sig' }
    },
    disconnect: async () => undefined,
  }
  return { connector, calls }
}

function setup(
  options: { embedded?: NamespaceConnector; page?: ReturnType<typeof recordingConnector> } = {},
) {
  // The slices the namespaces read: the rest of the modal's state plays no part.
  const store = createStore<SessionState>({
    open: true,
    wallets: [PHANTOM],
    account: { status: 'disconnected' },
    namespaces: NAMESPACES_IDLE,
  } as Partial<SessionState> as SessionState)
  const views: string[] = []
  const page = options.page ?? recordingConnector('phantom', { address: SOLANA_KEY })
  const namespaces = createNamespaces({
    store,
    networks: () => NETWORKS,
    embedded: (namespace) => (namespace === 'solana' ? options.embedded : undefined),
    pageWallet: () => page.connector,
    showConnect: () => views.push('Connect'),
    showAccount: () => views.push('Account'),
    log: () => undefined,
  })
  const state = () => store.get().namespaces
  return { store, views, namespaces, state, page }
}

describe('the other namespaces’ connections (issue 15)', () => {
  it('sends a network of an unconnected namespace to the Connect view for its page wallets', async () => {
    const { namespaces, state, views } = setup()
    await namespaces.pickNetwork(solana as unknown as NamespaceNetwork)
    expect(views).toEqual(['Connect'])
    expect(state()).toMatchObject({
      active: 'eip155',
      connectFor: 'solana',
      connections: { solana: { status: 'disconnected', caipNetworkId: solana.caipNetworkId } },
    })
  })

  it('connects a page wallet on the picked network with the spec §9 default account type', async () => {
    const { namespaces, state, views } = setup()
    await namespaces.pickNetwork(solana as unknown as NamespaceNetwork)
    await namespaces.connectPageWallet(PHANTOM, 'solana')
    expect(state().active).toBe('solana')
    expect(state().connectFor).toBeUndefined()
    expect(state().connections.solana).toEqual({
      status: 'connected',
      address: SOLANA_KEY,
      caipNetworkId: solana.caipNetworkId,
      connectorId: 'phantom',
      accountType: 'eoa',
    })
    expect(views).toEqual(['Connect', 'Account'])
  })

  it('keeps both connections when switching between eip155 and solana', async () => {
    const { namespaces, state, store, views } = setup()
    store.set({ account: { status: 'connected', address: '0x1', chainId: 1, connectorId: 'mm' } })
    await namespaces.connectPageWallet(PHANTOM, 'solana')
    namespaces.activateEvm()
    expect(state().active).toBe('eip155')
    expect(state().connections.solana?.status).toBe('connected')
    expect(store.get().account.status).toBe('connected')
    await namespaces.pickNetwork(solanaLocalnet as unknown as NamespaceNetwork)
    expect(state().active).toBe('solana')
    expect(state().connections.solana).toMatchObject({
      status: 'connected',
      caipNetworkId: solanaLocalnet.caipNetworkId,
    })
    expect(views).toEqual(['Account', 'Account'])
  })

  it('follows what a page wallet does on its own: a new account, none left, a bad word ignored', async () => {
    const { namespaces, state } = setup()
    await namespaces.connectPageWallet(PHANTOM, 'solana')
    const other = 'HMU77m6WSL9Xew9YvVCgz1hLuhzamz74eD9avi4XPdr'
    namespaces.walletEvent('phantom', 'accountsChanged', [other])
    expect(state().connections.solana?.address).toBe(other)
    namespaces.walletEvent('phantom', 'accountsChanged', ['<img src=x>'])
    namespaces.walletEvent('someone-else', 'disconnect', null)
    expect(state().connections.solana).toMatchObject({ status: 'connected', address: other })
    namespaces.walletEvent('phantom', 'accountsChanged', [])
    expect(state().connections.solana?.status).toBe('disconnected')
  })

  it('connects the embedded wallet’s Solana account without the Connect view', async () => {
    const embedded = recordingConnector('walletframe-embedded', { address: SOLANA_KEY })
    const { namespaces, state, views } = setup({ embedded: embedded.connector })
    await namespaces.pickNetwork(solanaLocalnet as unknown as NamespaceNetwork)
    expect(views).toEqual(['Account'])
    expect(state().connections.solana).toMatchObject({
      status: 'connected',
      connectorId: 'walletframe-embedded',
    })
    namespaces.evmDisconnected('walletframe-embedded')
    await Promise.resolve()
    expect(state().connections.solana?.status).toBe('disconnected')
    expect(state().active).toBe('eip155')
  })

  it('shows a Bitcoin account by its payment address and defaults to the payment type', async () => {
    const addresses = [
      { address: 'bc1pordinals', purpose: 'ordinals' as const },
      { address: 'bc1qpayment', purpose: 'payment' as const },
    ]
    const page = recordingConnector('xverse', { address: 'bc1pordinals', addresses }, 'bip122')
    const { namespaces, state } = setup({ page })
    await namespaces.connectPageWallet(PHANTOM, 'bip122')
    expect(state().connections.bip122).toEqual({
      status: 'connected',
      address: 'bc1qpayment',
      addresses,
      caipNetworkId: bitcoin.caipNetworkId,
      connectorId: 'xverse',
      accountType: 'payment',
    })
    expect(await namespaces.request('bip122', 'getAccountAddresses', {})).toEqual(addresses)
  })

  it('routes a dapp request to the namespace’s connector on its network, by spec §6 rules', async () => {
    const { namespaces, page } = setup()
    const message = { message: '3yZe7d', pubkey: SOLANA_KEY }
    await expect(namespaces.request('solana', 'solana_signMessage', message)).rejects.toMatchObject({
      code: 4100,
    })
    await namespaces.connectPageWallet(PHANTOM, 'solana')
    await expect(namespaces.request('solana', 'solana_getAccounts', undefined)).resolves.toEqual([
      { pubkey: SOLANA_KEY },
    ])
    await expect(
      namespaces.request('solana', 'solana_signMessage', { message: '3yZe7d', pubkey: SOLANA_KEY }),
    ).resolves.toEqual({ signature: 'sig' })
    expect(page.calls).toEqual([
      {
        method: 'solana_signMessage',
        params: { message: '3yZe7d', pubkey: SOLANA_KEY },
        network: solanaLocalnet.caipNetworkId,
      },
    ])
    await expect(namespaces.request('solana', 'solana_getBalance', {})).rejects.toMatchObject({ code: 4200 })
    await expect(
      namespaces.request('solana', 'solana_signMessage', { message: '0x00' }),
    ).rejects.toMatchObject({
      code: -32602,
    })
    await expect(
      namespaces.request('solana', 'solana_signAndSendTransaction', {
        transaction: 'AQ==',
        sendOptions: { preflightCommitment: 'soon' },
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('connects first when the dapp asks for the accounts while disconnected, and rejects if closed', async () => {
    const { namespaces, views, store } = setup()
    const accounts = namespaces.request('solana', 'solana_requestAccounts', undefined)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(views).toEqual(['Connect'])
    await namespaces.connectPageWallet(PHANTOM, 'solana')
    await expect(accounts).resolves.toEqual([{ pubkey: SOLANA_KEY }])
    await namespaces.disconnect('solana')
    const refused = namespaces.request('solana', 'solana_requestAccounts', undefined)
    await new Promise((resolve) => setTimeout(resolve, 0))
    store.set({ open: false })
    await expect(refused).rejects.toMatchObject({ code: 4001 })
  })
})
