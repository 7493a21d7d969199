import {
  bitcoin,
  type Messenger,
  type ModalInit,
  type NamespaceAccount,
  type NamespaceNetwork,
  solanaLocalnet,
} from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import { createNamespaceSession } from './namespace-session.ts'
import { NAMESPACES_IDLE } from './state.ts'

const PUBKEY = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
const WALLET = {
  id: 'wallet-standard:Test',
  name: 'Test',
  type: 'WALLET_STANDARD',
  namespace: 'solana',
  installed: true,
}

/** The host channel as the namespaces use it: the events they send, the page wallet's answers. */
function fakeHost() {
  const events: NamespaceAccount[] = []
  const channel = {
    on: () => () => undefined,
    emit: (_: 'namespace.account', account: NamespaceAccount) => events.push(account),
    request: async (_: string, { method }: { method: string }) =>
      method === 'solana_requestAccounts' ? [{ pubkey: PUBKEY }] : null,
  }
  return { channel: channel as unknown as Messenger<'child'>, events }
}

function setup() {
  const host = fakeHost()
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
    embedded: () => undefined,
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
