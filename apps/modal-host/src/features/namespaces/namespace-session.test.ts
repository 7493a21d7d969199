import {
  bitcoin,
  type Messenger,
  type ModalInit,
  type NamespaceAccount,
  type NamespaceNetwork,
  STORAGE_KEYS,
  solanaLocalnet,
  type WalletDescriptor,
} from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../ui/store.ts'
import { createHostStorage, type NamespaceConnector, type SessionState } from '../core/index.ts'
import { createNamespaceSession } from './namespace-session.ts'
import { isNamespaceHints } from './restore.ts'
import { NAMESPACES_IDLE } from './state.ts'

const PUBKEY = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const WALLET: WalletDescriptor = {
  id: 'wallet-standard:Test',
  name: 'Test',
  type: 'WALLET_STANDARD',
  namespace: 'solana',
  installed: true,
}

/**
 * The host channel as the namespaces use it: the events they send, the page wallet's answers (a
 * silent connect gets the account only from a wallet that `trusts` the page), and the page's storage.
 */
function fakeHost(stored: Record<string, string> = {}, trusts = true) {
  const events: NamespaceAccount[] = []
  const asked: unknown[] = []
  const channel = {
    on: () => () => undefined,
    emit: (_: 'namespace.account', account: NamespaceAccount) => events.push(account),
    request: async (_: string, { method, params }: { method: string; params?: { silent?: boolean } }) => {
      asked.push(params)
      if (params?.silent && !trusts) return []
      if (method === 'getAccountAddresses') return [{ address: BTC_ADDRESS, purpose: 'payment' }]
      return method === 'solana_requestAccounts' ? [{ pubkey: PUBKEY }] : null
    },
  }
  const storage = createHostStorage(
    stored,
    { set: () => undefined, remove: () => undefined },
    () => undefined,
  )
  return { channel: channel as unknown as Messenger<'child'>, events, asked, storage }
}

const HINTS = STORAGE_KEYS.connectedNamespaces
const hint = (connectorId: string) =>
  JSON.stringify({ solana: { connectorId, caipNetworkId: solanaLocalnet.caipNetworkId } })

function setup(
  options: { host?: ReturnType<typeof fakeHost>; embedded?: () => NamespaceConnector | undefined } = {},
) {
  const host = options.host ?? fakeHost()
  const store = createStore<SessionState>({
    open: false,
    view: 'Connect',
    wallets: [WALLET],
    account: { status: 'disconnected' },
    namespaces: NAMESPACES_IDLE,
  } as unknown as SessionState)
  const init = { namespaceNetworks: [solanaLocalnet, bitcoin] as unknown as NamespaceNetwork[] } as ModalInit
  const shown: string[] = []
  const session = createNamespaceSession({
    store,
    init: () => init,
    messenger: () => host.channel,
    storage: () => host.storage,
    embedded: options.embedded ?? (() => undefined),
    show: (view, how) => shown.push(`${how} ${view}`),
    toast: () => undefined,
    log: () => undefined,
  })
  let previous = store.get()
  store.subscribe(() => {
    const next = store.get()
    session.onChange(previous, next)
    previous = next
  })
  return { host, store, session, shown }
}

describe('the namespaces and the SDK adapters (namespace.connect, namespace.account)', () => {
  it('tells the host each configured namespace after the handshake, and every change of one', async () => {
    const { host, session } = setup()
    session.start()
    expect(host.events).toEqual([
      { namespace: 'solana', status: 'disconnected' },
      { namespace: 'bip122', status: 'disconnected' },
    ])
    const result = await session.connect('solana', WALLET.id, new AbortController().signal)
    const connected = {
      namespace: 'solana',
      status: 'connected',
      address: PUBKEY,
      caipNetworkId: solanaLocalnet.caipNetworkId,
      connectorId: WALLET.id,
    }
    expect(result).toEqual(connected)
    expect(host.events.slice(2)).toEqual([
      {
        namespace: 'solana',
        status: 'connecting',
        caipNetworkId: solanaLocalnet.caipNetworkId,
        connectorId: WALLET.id,
      },
      connected,
    ])
    await session.disconnect('solana')
    expect(host.events.at(-1)).toEqual({
      namespace: 'solana',
      status: 'disconnected',
      caipNetworkId: solanaLocalnet.caipNetworkId,
    })
  })

  it('keeps the namespace the Connect view is for while it opens, and forgets it once the user leaves', () => {
    const { store } = setup()
    store.set({ namespaces: { ...NAMESPACES_IDLE, connectFor: 'solana' } })
    store.set({ open: true })
    expect(store.get().namespaces.connectFor).toBe('solana')
    store.set({ view: 'Networks' })
    expect(store.get().namespaces.connectFor).toBeUndefined()
  })
})

describe('the namespaces across a reload (spec §3 connected namespaces)', () => {
  it('a connection leaves its connector and network in the host page; a disconnect removes them', async () => {
    const { host, session } = setup()
    session.start()
    await session.connect('solana', WALLET.id, new AbortController().signal)
    expect(host.storage.get(HINTS)).toBe(hint(WALLET.id))
    await session.disconnect('solana')
    expect(host.storage.get(HINTS)).toBeUndefined()
  })

  it('restores a page wallet once it is announced, by a silent connect, showing nothing', async () => {
    const host = fakeHost({ [HINTS]: hint(WALLET.id) })
    const { store, session, shown } = setup({ host })
    store.set({ wallets: [] })
    session.start()
    expect(store.get().namespaces.connections.solana).toBeUndefined()
    store.set({ wallets: [WALLET] })
    await expect.poll(() => store.get().namespaces.connections.solana?.status).toBe('connected')
    expect(store.get().namespaces.connections.solana?.address).toBe(PUBKEY)
    expect(host.asked).toEqual([{ silent: true }])
    expect([shown, store.get().namespaces.active]).toEqual([[], 'eip155'])
    expect(host.events.at(-1)).toMatchObject({ namespace: 'solana', status: 'connected', address: PUBKEY })
  })

  it('restores a Bitcoin page wallet by a silent getAccountAddresses', async () => {
    const btcWallet = { ...WALLET, id: 'wallet-standard:Btc', namespace: 'bip122' as const }
    const stored = { bip122: { connectorId: btcWallet.id, caipNetworkId: bitcoin.caipNetworkId } }
    const host = fakeHost({ [HINTS]: JSON.stringify(stored) })
    const { store, session } = setup({ host })
    store.set({ wallets: [btcWallet] })
    session.start()
    await expect.poll(() => store.get().namespaces.connections.bip122?.status).toBe('connected')
    expect(store.get().namespaces.connections.bip122?.address).toBe(BTC_ADDRESS)
    expect(host.asked).toEqual([{ silent: true }])
  })

  it('the active namespace is kept, and is active again once its connection is restored', async () => {
    const first = setup()
    first.session.start()
    await first.session.connect('solana', WALLET.id, new AbortController().signal)
    expect(first.store.get().namespaces.active).toBe('solana')
    expect(first.host.storage.get(STORAGE_KEYS.activeNamespace)).toBe('solana')

    const host = fakeHost({ [HINTS]: hint(WALLET.id), [STORAGE_KEYS.activeNamespace]: 'solana' })
    const { store, session } = setup({ host })
    session.start()
    await expect.poll(() => store.get().namespaces.connections.solana?.status).toBe('connected')
    expect(store.get().namespaces.active).toBe('solana')
    // Back to the EVM account: stored too.
    store.set((s) => ({ namespaces: { ...s.namespaces, active: 'eip155' } }))
    expect(host.storage.get(STORAGE_KEYS.activeNamespace)).toBe('eip155')
  })

  it('drops the hint of a wallet that no longer trusts the page, without asking its user', async () => {
    const host = fakeHost({ [HINTS]: hint(WALLET.id) }, false)
    const { store, session } = setup({ host })
    session.start()
    await expect.poll(() => host.storage.get(HINTS)).toBeUndefined()
    expect(store.get().namespaces.connections.solana?.status).toBe('disconnected')
    expect(host.asked).toEqual([{ silent: true }])
  })

  it("restores the embedded wallet's Solana account once its EVM session is back", async () => {
    const embedded: NamespaceConnector = {
      id: 'walletframe-auth',
      name: 'Email',
      namespace: 'solana',
      connect: async () => ({ address: PUBKEY }),
      request: async () => null,
      disconnect: async () => undefined,
    }
    let evmRestored = false
    const host = fakeHost({ [HINTS]: hint(embedded.id) })
    const { store, session } = setup({ host, embedded: () => (evmRestored ? embedded : undefined) })
    session.start()
    expect(store.get().namespaces.connections.solana).toBeUndefined()
    evmRestored = true
    store.set({ account: { status: 'connected', connectorId: embedded.id } } as Partial<SessionState>)
    await expect.poll(() => store.get().namespaces.connections.solana?.status).toBe('connected')
    expect(store.get().namespaces.connections.solana?.connectorId).toBe(embedded.id)
    expect(host.asked).toEqual([])
  })

  it('a stored hint of another shape restores nothing, not even its valid part', () => {
    const valid = { connectorId: WALLET.id, caipNetworkId: solanaLocalnet.caipNetworkId }
    expect(isNamespaceHints({ solana: valid })).toBe(true)
    for (const stored of [
      { solana: valid, eip155: valid },
      { solana: { ...valid, caipNetworkId: 'not a network' } },
      { solana: { ...valid, connectorId: '' } },
      [valid],
    ])
      expect(isNamespaceHints(stored)).toBe(false)
    const host = fakeHost({ [HINTS]: JSON.stringify({ solana: valid, eip155: valid }) })
    const { store, session } = setup({ host })
    session.start()
    expect([host.asked, store.get().namespaces.connections.solana]).toEqual([[], undefined])
  })

  it('a namespace the user connects first is theirs: the hint is not tried', async () => {
    const host = fakeHost({ [HINTS]: hint('wallet-standard:Gone') })
    const { store, session } = setup({ host })
    session.start()
    await session.connect('solana', WALLET.id, new AbortController().signal)
    store.set({ wallets: [WALLET, { ...WALLET, id: 'wallet-standard:Gone' }] })
    expect(store.get().namespaces.connections.solana?.connectorId).toBe(WALLET.id)
    expect(host.asked).toEqual([undefined])
    expect(host.storage.get(HINTS)).toBe(hint(WALLET.id))
  })
})
