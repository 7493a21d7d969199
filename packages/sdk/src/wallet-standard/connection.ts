/**
 * What both adapters share: the namespace's connection as the modal reports it (`namespace.account`),
 * the adapter's page wallets by descriptor id, and the route of a request (ARCHITECTURE.md:
 * connectors run where their wallet lives). While the modal reports one of this page's Wallet
 * Standard wallets connected, the provider asks that wallet directly; otherwise the modal, through
 * `rpc.request` with the namespace (its embedded wallet or WalletConnect).
 */
import type { Messenger, Namespace, NamespaceAccount } from '@walletframe/protocol/host'
import {
  NAMESPACE_CHECKS,
  WALLET_STANDARD_CHAINS,
  WALLET_STANDARD_ID_PREFIX,
} from '@walletframe/protocol/host'
import type { AdapterContext } from '../adapter.ts'
import type { WalletProvider } from '../discovery.ts'
import { deliver } from '../signal.ts'
import { watchStandardWallets } from './registry.ts'
import { featureOf, type StandardEventsFeature, type StandardWallet, WALLETFRAME_FEATURE } from './types.ts'

export type NamespaceEvent = 'connect' | 'disconnect' | 'accountChanged'
// biome-ignore lint/suspicious/noExplicitAny: listeners receive event-specific data
export type NamespaceListener = (data: any) => void

export interface Connection {
  account(): NamespaceAccount
  /** The connected wallet, when it is one of this page's: requests go to it directly. */
  pageWallet(): { id: string; wallet: StandardWallet } | undefined
  /** The modal's answer, for its connector of this namespace. */
  viaModal(method: string, params?: Record<string, unknown>): Promise<unknown>
  connect(walletId?: string): Promise<NamespaceAccount>
  disconnect(): Promise<void>
  /** Tells the modal a page wallet sent a transaction (the balance it shows is stale). */
  transactionSent(walletId: string): void
  on(event: NamespaceEvent, listener: NamespaceListener): void
  removeListener(event: NamespaceEvent, listener: NamespaceListener): void
}

export interface ConnectionOptions {
  namespace: Namespace
  /** Whether a Wallet Standard wallet of the page serves this namespace. */
  accepts(wallet: StandardWallet): boolean
  /** The page wallet's side of the vocabulary: what the modal asks it through `host.walletRequest`. */
  serve(wallet: StandardWallet, connection: Connection): WalletProvider['request']
  /** The addresses of this namespace among a wallet's accounts (`accountsChanged` data). */
  addresses(wallet: StandardWallet): string[]
}

export function createConnection(context: AdapterContext, options: ConnectionOptions): Connection {
  const { namespace } = options
  let account: NamespaceAccount = { namespace, status: 'disconnected' }
  let messenger: Messenger<'parent'> | undefined
  const pages = new Map<string, StandardWallet>()
  const listeners = new Map<NamespaceEvent, Set<NamespaceListener>>()
  const emit = (event: NamespaceEvent, data: unknown) => {
    for (const listener of listeners.get(event) ?? []) deliver(listener, data)
  }

  // What only an adapter receives is checked by the checks that ship with it (the core's budget).
  Object.assign(context.checks, NAMESPACE_CHECKS)
  context.wires.push((m) => {
    messenger = m
    m.on('namespace.account', (next) => {
      if (next.namespace !== namespace) return
      const previous = account
      account = next
      const was = previous.status === 'connected'
      const is = next.status === 'connected'
      if (is && !was) emit('connect', next)
      else if (was && !is) {
        emit('disconnect', next)
        // Disconnected in the modal: a page wallet that offers it forgets the dapp too.
        const wallet = previous.connectorId && pages.get(previous.connectorId)
        if (wallet)
          void featureOf<{ disconnect(): Promise<void> }>(wallet, 'standard:disconnect', 'disconnect')
            ?.disconnect()
            .catch(() => {})
      } else if (is && next.address !== previous.address) emit('accountChanged', next)
    })
  })

  const connection: Connection = {
    account: () => account,
    pageWallet() {
      const id = account.status === 'connected' ? account.connectorId : undefined
      const wallet = id === undefined ? undefined : pages.get(id)
      return wallet && { id: id!, wallet }
    },
    viaModal: (method, params) => context.call('rpc.request', { method, params, namespace }),
    connect: async (walletId) =>
      account.status === 'connected'
        ? account
        : ((await context.call(
            'namespace.connect',
            walletId ? { namespace, walletId } : { namespace },
          )) as NamespaceAccount),
    async disconnect() {
      await context.call('namespace.disconnect', { namespace })
    },
    transactionSent: (walletId) => messenger?.emit('host.transactionSent', { walletId }),
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener: (event, listener) => listeners.get(event)?.delete(listener),
  }

  const stopWatching = watchStandardWallets(context.win, (wallet) => {
    if (!wallet || typeof wallet.name !== 'string' || !wallet.name) return
    if (wallet.features?.[WALLETFRAME_FEATURE] || !options.accepts(wallet)) return
    const id = `${WALLET_STANDARD_ID_PREFIX}${wallet.name}`.slice(0, 128)
    // The first wallet registered under a name keeps it (as the first EIP-6963 rdns does).
    if (pages.has(id)) return
    pages.set(id, wallet)
    const offs = new Map<NamespaceListener, () => void>()
    context.add({
      descriptor: {
        id,
        name: wallet.name.slice(0, 64),
        icon: typeof wallet.icon === 'string' && wallet.icon.length <= 200_000 ? wallet.icon : undefined,
        type: 'WALLET_STANDARD',
        installed: true,
        namespace,
        chains: wallet.chains.flatMap((chain) => chainToCaip(chain) ?? []).slice(0, 16),
      },
      provider: {
        request: options.serve(wallet, connection),
        // The SDK listens to every page wallet's events: this one has account changes only.
        on(event, listener) {
          const events = featureOf<StandardEventsFeature>(wallet, 'standard:events', 'on')
          if (event !== 'accountsChanged' || !events) return
          offs.set(
            listener,
            events.on('change', ({ accounts }) => accounts && listener(options.addresses(wallet))),
          )
        },
        removeListener(_event, listener) {
          offs.get(listener)?.()
          offs.delete(listener)
        },
      },
    })
  })
  context.stops.push(stopWatching)
  return connection
}

/** WALLET_STANDARD_CHAINS both ways: `solana:devnet` ↔ `solana:EtWTRABZ…`. */
export const chainToCaip = (chain: string): string | undefined =>
  Object.hasOwn(WALLET_STANDARD_CHAINS, chain)
    ? WALLET_STANDARD_CHAINS[chain as keyof typeof WALLET_STANDARD_CHAINS]
    : undefined

export const caipToChain = (caipNetworkId: string | undefined): string | undefined =>
  Object.entries(WALLET_STANDARD_CHAINS).find(([, caip]) => caip === caipNetworkId)?.[0]
