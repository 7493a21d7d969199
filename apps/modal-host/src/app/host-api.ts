/**
 * The only module that talks to the host page (spec §7 "SDK ↔ modal"). It answers the host's
 * requests with the session's intents, and derives everything the host is told from changes of
 * state in one place: `account.changed` and the EIP-1193 `provider.event`s from the account, the
 * connection hints in the host's storage from the account, the network and the recent wallets.
 */
import {
  type AccountSnapshot,
  CHANNEL_ERRORS,
  type ConnectResult,
  fromHexChainId,
  type Messenger,
  MODAL_ERRORS,
  type ModalInit,
  type Namespace,
  type NamespaceAccount,
  type Network,
  PROVIDER_ERRORS,
  parseCaipNetworkId,
  STORAGE_KEYS,
  toCaipAddress,
  toHexChainId,
  type ViewName,
  WalletFrameError,
  type WalletListing,
} from '@walletframe/protocol'
import { createHostStorage, type HostStorage } from '../features/core/host-storage.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { isOnRampAvailable } from '../features/onramp/index.ts'
import { type DappRequestContext, handleDappRequest } from '../features/rpc/dapp-requests.ts'
import type { Store } from '../ui/store.ts'
import { hostLogLine } from './log-line.ts'
import { ACCOUNT_VIEWS, OPENABLE_VIEWS } from './router/openable-views.ts'

export interface HostIntents
  extends Omit<DappRequestContext, 'requestConnect' | 'account' | 'chainId' | 'hostOrigin'> {
  open(view?: ViewName): void
  close(): void
  disconnect(): Promise<void>
  /** Spec §4 wallet sign-in: the dapp's `signOut()`. */
  signOut(): Promise<void>
  /** Headless mode (session-headless.ts). */
  listWallets(): Promise<WalletListing[]>
  connectWallet(walletId: string): Promise<void>
  /** The host's `setAnalyticsConsent()`. */
  analyticsConsent(granted: boolean): void
  switchNetwork(network: Network, signal?: AbortSignal): Promise<void>
  networks(): Network[]
  /**
   * The other namespaces' session (issue 15, its own chunk): the dapp's requests of a namespace and
   * the SDK adapters' connect and disconnect, answered once it is there.
   */
  namespaces(): Promise<{
    request(namespace: Namespace, method: string, params: unknown, signal?: AbortSignal): Promise<unknown>
    connect(
      namespace: Namespace,
      walletId: string | undefined,
      signal: AbortSignal,
    ): Promise<NamespaceAccount>
    disconnect(namespace: Namespace): Promise<void>
  }>
  onWallets(wallets: SessionState['wallets']): void
  /** The host page did not keep a storage entry (the SDK's typed error says why). */
  onStorageFailed(key: string, error: unknown): void
  /** A page wallet sent a transaction on its own path (the SDK calls it directly). */
  onWalletTransaction(walletId: string): void
  onWalletEvent: (
    walletId: string,
    event: 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged',
    data: unknown,
  ) => void
}

/** `profileName`: the connected account's registered name, which the dapp reads in `getAccount()`. */
export function snapshotOf(account: SessionState['account'], profileName?: string | null): AccountSnapshot {
  const out: AccountSnapshot = { status: account.status }
  if (account.status === 'connected' && account.address && account.chainId) {
    out.address = account.address
    out.chainId = account.chainId
    out.caipAddress = toCaipAddress(`eip155:${account.chainId}`, account.address)
    if (account.connectorId) out.connectorId = account.connectorId
    if (profileName) out.profileName = profileName
  }
  return out
}

/** The name Account shows for the connected account (spec §3 profileName), if it has one. */
const profileNameOf = (state: SessionState) => state.accountData.identity?.name

const connectResultOf = (account: SessionState['account']): ConnectResult | undefined => {
  const s = snapshotOf(account)
  return s.status === 'connected'
    ? { address: s.address!, chainId: s.chainId!, caipAddress: s.caipAddress! }
    : undefined
}

export type HostApi = ReturnType<typeof attachHost>

export function attachHost(
  channel: Messenger<'child'>,
  init: ModalInit,
  store: Store<SessionState>,
  page: EventTarget | undefined,
  intents: HostIntents,
) {
  // The modal's document is going away (a reload or navigation of its frame): the host hears it
  // now and rejects what it asked of this document (4900), not at the next document's handshake.
  page?.addEventListener('pagehide', () => channel.emit('modal.unloading', {}), { once: true })
  const storage: HostStorage = createHostStorage(
    init.storage,
    {
      set: (key, value) => channel.request('storage.set', { key, value }),
      remove: (key) => channel.emit('storage.remove', { key }),
    },
    intents.onStorageFailed,
  )
  const connectWaiters = new Set<{ resolve(result: ConnectResult): void; reject(error: unknown): void }>()
  let lastReported = ''

  /** Resolves once connected; a host request that is cancelled stops waiting (the modal stays). */
  const waitForConnection = (signal?: AbortSignal): ConnectResult | Promise<ConnectResult> =>
    connectResultOf(store.get().account) ??
    new Promise<ConnectResult>((resolve, reject) => {
      const waiter = { resolve, reject }
      connectWaiters.add(waiter)
      signal?.addEventListener('abort', () => {
        connectWaiters.delete(waiter)
        reject(new WalletFrameError(CHANNEL_ERRORS.cancelled))
      })
      if (!store.get().open) intents.open()
    })

  const emitProvider = (
    event: 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged',
    data: unknown,
  ) => channel.emit('provider.event', { event, data })

  const networkHint = (chainId: number | undefined) => {
    const network = intents.findNetwork(chainId)
    if (network) storage.set(STORAGE_KEYS.activeNetworkId, network.caipNetworkId)
  }

  /** What one change of state tells the host, in the order the SDK relies on. */
  const onChange = (prev: SessionState, next: SessionState) => {
    if (prev.phase !== 'ready') return
    const [was, now] = [prev.account, next.account]
    if (was !== now || prev.accountData.identity !== next.accountData.identity) {
      // The snapshot holds the status, so one comparison tells any change the host can see.
      const after = snapshotOf(now, profileNameOf(next))
      if (JSON.stringify(snapshotOf(was, profileNameOf(prev))) !== JSON.stringify(after))
        channel.emit('account.changed', after)
    }
    if (now.status === 'connected' && was.status !== 'connected') {
      storage.set(STORAGE_KEYS.connectionStatus, 'connected')
      storage.set(STORAGE_KEYS.connectorId, now.connectorId!)
      if (prev.recent !== next.recent) storage.setJson(STORAGE_KEYS.recentWallets, next.recent)
      networkHint(now.chainId)
      emitProvider('connect', { chainId: toHexChainId(now.chainId!) })
      emitProvider('accountsChanged', [now.address])
      const result = connectResultOf(now)!
      for (const waiter of connectWaiters) waiter.resolve(result)
      connectWaiters.clear()
    } else if (now.status === 'disconnected' && was.status !== 'disconnected') {
      storage.set(STORAGE_KEYS.connectionStatus, 'disconnected')
      storage.remove(STORAGE_KEYS.connectorId)
      storage.remove(STORAGE_KEYS.deepLinkChoice)
      emitProvider('accountsChanged', [])
      emitProvider('disconnect', PROVIDER_ERRORS.disconnected)
    } else if (now.status === 'connected') {
      if (now.address !== was.address) emitProvider('accountsChanged', [now.address])
      if (now.chainId !== was.chainId) {
        networkHint(now.chainId)
        emitProvider('chainChanged', toHexChainId(now.chainId!))
      }
    } else if (now.status === 'disconnected' && prev.activeChainId !== next.activeChainId) {
      // A network picked while disconnected: the dapp's provider follows it (spec §4).
      networkHint(next.activeChainId)
      emitProvider('chainChanged', toHexChainId(next.activeChainId))
    }
  }

  channel.handle('modal.open', ({ view }) => {
    if (view && !OPENABLE_VIEWS.includes(view))
      throw new WalletFrameError(MODAL_ERRORS.viewNotOpenable, { details: view })
    // The account views need an account: without one the user first connects.
    const connected = store.get().account.status === 'connected'
    if (view && ACCOUNT_VIEWS.includes(view) && !connected) {
      intents.open()
      return null
    }
    // Buy hidden (feature off, no data API, a restricted time zone: spec §9) cannot be opened either.
    if (view === 'OnRamp' && !isOnRampAvailable(store.get()))
      throw new WalletFrameError(MODAL_ERRORS.viewNotOpenable, {
        details: 'OnRamp: Buy is not available here',
      })
    intents.open(view)
    return null
  })
  channel.handle('modal.close', () => {
    intents.close()
    return null
  })
  channel.handle('wallet.connect', async ({ walletId }, { signal }) => {
    if (walletId !== undefined) await intents.connectWallet(walletId)
    return waitForConnection(signal)
  })
  channel.handle('wallet.list', () => intents.listWallets())
  channel.handle('analytics.consent', ({ granted }) => {
    intents.analyticsConsent(granted)
    return null
  })
  channel.handle('wallet.disconnect', async () => {
    await intents.disconnect()
    return null
  })
  channel.handle('siwx.signOut', async () => {
    await intents.signOut()
    return null
  })
  channel.handle('network.switch', async ({ caipNetworkId }, { signal }) => {
    // Spec §8 'Invalid chainId': an EVM network id whose reference is no positive safe integer.
    const parsed = parseCaipNetworkId(caipNetworkId)
    if (parsed?.namespace === 'eip155' && fromHexChainId(parsed.reference) === undefined)
      throw new WalletFrameError(MODAL_ERRORS.invalidChainId, { details: caipNetworkId })
    const network = intents.networks().find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) {
      intents.networkNotFound()
      throw new WalletFrameError(MODAL_ERRORS.switchNetworkNotFound, { details: caipNetworkId })
    }
    await intents.switchNetwork(network, signal)
    return null
  })
  channel.handle('theme.set', ({ themeMode, themeVariables }) => {
    store.set({
      ...(themeMode ? { themeMode } : {}),
      ...(themeVariables ? { themeVariables: { ...store.get().themeVariables, ...themeVariables } } : {}),
    })
    return null
  })
  channel.handle('rpc.request', ({ method, params, namespace }, { signal }) => {
    if (namespace) return intents.namespaces().then((n) => n.request(namespace, method, params, signal))
    return handleDappRequest(
      method,
      params,
      {
        ...intents,
        account: () => store.get().account,
        chainId: () => store.get().activeChainId,
        requestConnect: () => waitForConnection(signal),
        hostOrigin: init.metadata?.url,
      },
      signal,
    )
  })
  channel.handle('namespace.connect', ({ namespace, walletId }, { signal }) =>
    intents.namespaces().then((n) => n.connect(namespace, walletId, signal)),
  )
  channel.handle('namespace.disconnect', async ({ namespace }) => {
    await (await intents.namespaces()).disconnect(namespace)
    return null
  })
  channel.on('host.wallets', ({ wallets }) => intents.onWallets(wallets))
  channel.on('host.walletEvent', ({ walletId, event, data }) => intents.onWalletEvent(walletId, event, data))
  // A page wallet sent a transaction on its own path (it is called directly): the balance changed.
  channel.on('host.transactionSent', ({ walletId }) => intents.onWalletTransaction(walletId))

  return {
    storage,
    onChange,
    /** The handshake is done: the host learns the account as it stands. */
    announce: () =>
      channel.emit('account.changed', snapshotOf(store.get().account, profileNameOf(store.get()))),
    /** The user closed the modal: whoever waits for a connection hears 4001. */
    rejectConnectWaiters() {
      for (const waiter of connectWaiters) waiter.reject(new WalletFrameError(PROVIDER_ERRORS.userRejected))
      connectWaiters.clear()
    },
    openDeepLink: (href: string) => channel.emit('wallet.openDeepLink', { href }),
    /** A line of the modal's log for the host's `getLogs()` buffer, cleaned of what it must not keep. */
    log: (message: string) => channel.emit('modal.log', { message: hostLogLine(message) }),
    /** Tells the host what is on screen; repeated reports of the same screen are dropped. */
    reportScreen(open: boolean, view: ViewName) {
      const key = `${open}:${view}`
      if (key === lastReported) return
      lastReported = key
      channel.emit('modal.state', { open, view })
    },
  }
}
