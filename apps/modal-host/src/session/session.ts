/**
 * The modal's state and behaviour behind the views: the router machine, the connection, the
 * active network, the dapp's RPC requests, toasts and theme. Views read `store` and call methods.
 */
import {
  type AccountSnapshot,
  type ConnectionStatus,
  type ConnectResult,
  fromHexChainId,
  type Messenger,
  MODAL_ERRORS,
  type ModalInit,
  type Network,
  PROVIDER_ERRORS,
  type RecentWallet,
  RecentWalletSchema,
  STORAGE_KEYS,
  type ThemeMode,
  type ThemeVariables,
  toCaipAddress,
  toHexChainId,
  UI_MESSAGES,
  type ViewName,
  type WalletDescriptor,
  WalletFrameError,
} from '@walletframe/protocol'
import { type Actor, createActor } from 'xstate'
import { connectionMachine } from '../connect/connection.machine.ts'
import type { ConnectedAccount, WalletConnector, WalletEventHandler } from '../connect/connector.ts'
import { createInjectedConnector } from '../connect/injected-connector.ts'
import { isWalletVisible, withRecentWallet } from '../connect/wallet-list.ts'
import {
  ACCOUNT_DATA_IDLE,
  type AccountData,
  type AccountDataState,
  createAccountData,
} from '../data/account-data.ts'
import { type ApiClient, createApiClient } from '../data/api-client.ts'
import { readApiUrl } from '../data/config.ts'
import { createRegistry, REGISTRY_IDLE, type Registry, type RegistryState } from '../data/registry.ts'
import { detectedWallets } from '../data/registry-lists.ts'
import { type RouterFacts, routerMachine } from '../router/router.machine.ts'
import { jsonRpc } from '../rpc/json-rpc.ts'
import { createToastQueue, type Toast } from '../toast/toast-queue.ts'
import type { WalletListing } from '../walletconnect/deep-links.ts'
import {
  createWalletConnect,
  isWalletConnectView,
  WALLETCONNECT_IDLE,
  type WalletConnectOptions,
  type WalletConnectState,
} from '../walletconnect/session-walletconnect.ts'
import { createHostStorage, type HostStorage } from './host-storage.ts'
import { OPENABLE_VIEWS } from './openable-views.ts'
import { handleDappRequest } from './rpc-requests.ts'
import { createStore } from './store.ts'

export interface SessionState {
  /** `waiting` until a host completes the handshake. */
  phase: 'waiting' | 'ready'
  alert?: { title: string; description: string }
  init?: ModalInit
  open: boolean
  /** True during the close animation, after the router has closed. */
  closing: boolean
  shaking: boolean
  view: ViewName
  canGoBack: boolean
  account: { status: ConnectionStatus; address?: string; chainId?: number; connectorId?: string }
  balance: { state: 'idle' | 'loading' | 'loaded' | 'error'; value?: bigint }
  /** The chain the modal works on: the connected chain, or the one picked while disconnected. */
  activeChainId: number
  wallets: WalletDescriptor[]
  recent: RecentWallet[]
  connecting?: { wallet: WalletDescriptor; state: 'requesting' | 'declined' | 'failed'; message?: string }
  /** WalletConnect: offered only when the deployment has a relay; its pairing and connect flow. */
  walletConnect: WalletConnectState
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  toast?: Toast
  /** The data API is configured: the Account tabs and the registry lists are shown. */
  dataAvailable: boolean
  accountData: AccountDataState
  registry: RegistryState
}

export interface DataApiOptions {
  /** The data API; defaults to the one the modal server named in the project bootstrap. */
  url?: string
  fetch?: typeof fetch
  now?: () => number
}

const isRecentList = (value: unknown): value is RecentWallet[] =>
  Array.isArray(value) && value.every((entry) => RecentWalletSchema.safeParse(entry).success)

export function createSession(
  options: {
    log?: (message: string) => void
    walletConnect?: WalletConnectOptions
    api?: DataApiOptions
  } = {},
) {
  const store = createStore<SessionState>({
    phase: 'waiting',
    open: false,
    closing: false,
    shaking: false,
    view: 'Connect',
    canGoBack: false,
    account: { status: 'disconnected' },
    balance: { state: 'idle' },
    activeChainId: 0,
    wallets: [],
    recent: [],
    walletConnect: WALLETCONNECT_IDLE,
    themeMode: 'dark',
    themeVariables: {},
    dataAvailable: false,
    accountData: ACCOUNT_DATA_IDLE,
    registry: REGISTRY_IDLE,
  })
  let messenger: Messenger<'modal'> | undefined
  let storage: HostStorage | undefined
  let router: Actor<typeof routerMachine> | undefined
  let connector: WalletConnector | undefined
  let flow: Actor<typeof connectionMachine> | undefined
  /** Which connector the running flow belongs to: a WalletConnect flow lives as long as its view. */
  let flowKind: 'external' | 'walletConnect' | undefined
  /** Where the running flow reports its progress; told `undefined` when the flow ends or is replaced. */
  let flowReport: ((state: undefined) => void) | undefined
  let walletConnect: ReturnType<typeof createWalletConnect> | undefined
  let api: ApiClient | undefined
  let accountData: AccountData | undefined
  let registry: Registry | undefined
  let toasts = createToastQueue({ debug: false, onChange: (toast) => store.set({ toast }) })
  const connectWaiters = new Set<{ resolve(result: ConnectResult): void; reject(error: unknown): void }>()
  let lastReported = ''

  const init = () => store.get().init!
  const networks = () => init().networks
  const findNetwork = (chainId: number | undefined) => networks().find((n) => n.id === chainId)
  const activeNetwork = (): Network | undefined => findNetwork(store.get().activeChainId)

  const hasVisibleWallets = () => {
    const { excludeWalletIds, isMobile } = init()
    return store.get().wallets.some((w) => isWalletVisible(w, excludeWalletIds, isMobile))
  }

  const routerFacts = (): Partial<RouterFacts> => {
    const { account } = store.get()
    return {
      isConnected: account.status === 'connected',
      activeChainSupported: account.status !== 'connected' || findNetwork(account.chainId) !== undefined,
      // Spec §2: with no adapters the modal opens on WalletConnect; without a relay it cannot.
      hasAdapters: !walletConnect || hasVisibleWallets(),
    }
  }

  const snapshot = (): AccountSnapshot => {
    const { account } = store.get()
    const out: AccountSnapshot = { status: account.status }
    if (account.status === 'connected' && account.address && account.chainId) {
      out.address = account.address
      out.chainId = account.chainId
      out.caipAddress = toCaipAddress(`eip155:${account.chainId}`, account.address)
      if (account.connectorId) out.connectorId = account.connectorId
    }
    return out
  }

  const setAccount = (account: SessionState['account']) => {
    store.set({ account })
    accountData?.sync()
    messenger?.emit('account.changed', snapshot())
  }

  const emitProvider = (
    event: 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged',
    data: unknown,
  ) => messenger?.emit('provider.event', { event, data })

  const syncRouter = () => {
    if (!router) return
    const { context } = router.getSnapshot()
    const wasOpen = store.get().open
    const view = context.history.at(-1) ?? 'Connect'
    store.set({ open: context.open, view, canGoBack: context.history.length > 1 })
    if (wasOpen && !context.open) {
      for (const waiter of connectWaiters) waiter.reject(new WalletFrameError(PROVIDER_ERRORS.userRejected))
      connectWaiters.clear()
      flow?.send({ type: 'CANCEL' })
      store.set({ closing: true })
      setTimeout(() => store.set({ closing: false }), 150)
    }
    // The WalletConnect flow runs while one of its views is shown (picked, or opened by the
    // router with no adapters), and ends when the user leaves it.
    const onWalletConnectView = context.open && isWalletConnectView(view)
    if (onWalletConnectView && flowKind !== 'walletConnect' && walletConnect) startWalletConnectFlow()
    else if (!onWalletConnectView && flowKind === 'walletConnect') flow?.send({ type: 'CANCEL' })
  }

  const refreshBalance = async () => {
    const { account } = store.get()
    const network = findNetwork(account.chainId)
    if (account.status !== 'connected' || !account.address || !network)
      return store.set({ balance: { state: 'idle' } })
    store.set({
      balance: {
        state: 'loading',
        ...(store.get().balance.value === undefined ? {} : { value: store.get().balance.value }),
      },
    })
    try {
      const hex = await jsonRpc(network.rpcUrls.default.http[0]!, 'eth_getBalance', [
        account.address,
        'latest',
      ])
      if (store.get().account.address === account.address)
        store.set({ balance: { state: 'loaded', value: BigInt(String(hex)) } })
    } catch (error) {
      store.set({ balance: { state: 'error' } })
      toasts.debug(`balance fetch failed: ${(error as Error).message}`)
    }
  }

  const onChain = (chainId: number) => {
    const { account } = store.get()
    if (account.status !== 'connected' || account.chainId === chainId) return
    setAccount({ ...account, chainId })
    store.set({ activeChainId: chainId })
    if (findNetwork(chainId)) storage?.set(STORAGE_KEYS.activeNetworkId, `eip155:${chainId}`)
    emitProvider('chainChanged', toHexChainId(chainId))
    router?.send({ type: 'FACTS', facts: routerFacts() })
    router?.send({ type: 'CHAIN_CHECKED', supported: findNetwork(chainId) !== undefined })
    void refreshBalance()
  }

  /** `wallet` is the host wallet behind an injected connector; it joins the recent list. */
  const onConnected = (active: WalletConnector, connected: ConnectedAccount, wallet?: WalletDescriptor) => {
    connector = active
    const recent = wallet ? withRecentWallet(store.get().recent, wallet) : store.get().recent
    store.set({ recent, connecting: undefined, activeChainId: connected.chainId })
    setAccount({
      status: 'connected',
      address: connected.address,
      chainId: connected.chainId,
      connectorId: active.id,
    })
    storage?.set(STORAGE_KEYS.connectionStatus, 'connected')
    storage?.set(STORAGE_KEYS.connectorId, active.id)
    storage?.set(STORAGE_KEYS.activeNamespace, 'eip155')
    if (wallet) storage?.setJson(STORAGE_KEYS.recentWallets, recent)
    if (findNetwork(connected.chainId))
      storage?.set(STORAGE_KEYS.activeNetworkId, `eip155:${connected.chainId}`)
    emitProvider('connect', { chainId: toHexChainId(connected.chainId) })
    emitProvider('accountsChanged', [connected.address])
    router?.send({ type: 'FACTS', facts: routerFacts() })
    router?.send({ type: 'CONNECTED' })
    const supported = findNetwork(connected.chainId) !== undefined
    router?.send({ type: 'CHAIN_CHECKED', supported })
    const result = snapshot()
    for (const waiter of connectWaiters)
      waiter.resolve({ address: result.address!, chainId: result.chainId!, caipAddress: result.caipAddress! })
    connectWaiters.clear()
    void refreshBalance()
  }

  const onDisconnected = () => {
    connector = undefined
    setAccount({ status: 'disconnected' })
    store.set({ balance: { state: 'idle' } })
    storage?.set(STORAGE_KEYS.connectionStatus, 'disconnected')
    storage?.remove(STORAGE_KEYS.connectorId)
    emitProvider('accountsChanged', [])
    emitProvider('disconnect', PROVIDER_ERRORS.disconnected)
    router?.send({ type: 'FACTS', facts: routerFacts() })
    router?.send({ type: 'DISCONNECTED' })
  }

  const connectorFor = (wallet: WalletDescriptor) => createInjectedConnector(wallet, messenger!)

  /** spec §4: a stored connected status becomes connecting while re-synced, then connected or disconnected. */
  const restore = async () => {
    const storedId = storage?.get(STORAGE_KEYS.connectorId)
    const wallet = store.get().wallets.find((w) => w.id === storedId)
    const candidate = wallet ? connectorFor(wallet) : walletConnect?.restorable(storedId)
    if (storage?.get(STORAGE_KEYS.connectionStatus) !== 'connected' || !candidate) {
      if (storage?.get(STORAGE_KEYS.connectionStatus) === 'connected')
        storage.set(STORAGE_KEYS.connectionStatus, 'disconnected')
      return
    }
    setAccount({ status: 'connecting', connectorId: candidate.id })
    try {
      const connected = await candidate.reconnect()
      if (connected) return onConnected(candidate, connected, wallet)
    } catch (error) {
      toasts.debug(`reconnect failed: ${(error as Error).message}`)
    }
    onDisconnected()
  }

  /**
   * What a wallet did on its own, from whichever connector (the one path for injected wallets'
   * `host.walletEvent` and WalletConnect's session events). Only the connected connector counts.
   */
  const onWalletEvent: WalletEventHandler = (source, event, data) => {
    const { account } = store.get()
    if (source !== connector || account.status !== 'connected') return
    if (event === 'chainChanged') {
      const chainId = fromHexChainId(data)
      if (chainId !== undefined) onChain(chainId)
    } else if (event === 'accountsChanged') {
      const next = Array.isArray(data) && typeof data[0] === 'string' ? data[0] : undefined
      if (!next) return onDisconnected()
      if (next.toLowerCase() === account.address?.toLowerCase()) return
      setAccount({ ...account, address: next })
      emitProvider('accountsChanged', [next])
      void refreshBalance()
    } else if (event === 'disconnect') {
      onDisconnected()
    }
  }

  /** Runs the connect flow for `active`, reporting its progress; one flow at a time. */
  const runFlow = (
    active: WalletConnector,
    kind: 'external' | 'walletConnect',
    report: (state: 'requesting' | 'declined' | 'failed' | undefined, message?: string) => void,
    wallet?: WalletDescriptor,
  ) => {
    const replaced = flow
    flow = undefined
    replaced?.send({ type: 'CANCEL' })
    flowReport?.(undefined)
    const actor = createActor(connectionMachine, { input: { connector: active } })
    flow = actor
    flowKind = kind
    flowReport = report
    actor.subscribe((state) => {
      if (flow !== actor) return
      if (state.value === 'requesting') report('requesting')
      else if (state.value === 'declined') report('declined', UI_MESSAGES.connectionDeclined)
      else if (state.value === 'failed')
        report('failed', state.context.error?.message ?? UI_MESSAGES.somethingWentWrong)
      else if (state.status === 'done') {
        flow = undefined
        flowKind = undefined
        flowReport = undefined
        report(undefined)
        if (state.output?.account) onConnected(active, state.output.account, wallet)
      }
    })
    actor.start()
  }

  const startWalletConnectFlow = () => {
    if (!walletConnect) return
    runFlow(walletConnect.connector, 'walletConnect', (state, message) =>
      walletConnect?.setFlow(state, message),
    )
  }

  const switchNetwork = async (network: Network) => {
    const { account } = store.get()
    if (account.status !== 'connected' || !connector) {
      store.set({ activeChainId: network.id })
      storage?.set(STORAGE_KEYS.activeNetworkId, network.caipNetworkId)
      emitProvider('chainChanged', toHexChainId(network.id))
      return
    }
    const chainId = toHexChainId(network.id)
    try {
      try {
        await connector.request('wallet_switchEthereumChain', [{ chainId }])
      } catch (error) {
        if ((error as { code?: unknown }).code !== PROVIDER_ERRORS.unrecognizedChain.code) throw error
        await connector.request('wallet_addEthereumChain', [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
          },
        ])
        await connector.request('wallet_switchEthereumChain', [{ chainId }])
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (code !== PROVIDER_ERRORS.userRejected.code)
        toasts.show('error', MODAL_ERRORS.chainNotSupported.message)
      throw new WalletFrameError(
        {
          ...MODAL_ERRORS.chainNotSupported,
          ...(typeof code === 'number' ? { code } : {}),
        },
        { cause: error },
      )
    }
    onChain(network.id)
  }

  const connectResult = (): ConnectResult | undefined => {
    const s = snapshot()
    return s.status === 'connected'
      ? { address: s.address!, chainId: s.chainId!, caipAddress: s.caipAddress! }
      : undefined
  }

  const session = {
    store,
    /** A hello came from a page that may not use this project: shown, never answered. */
    refuse(alert: { title: string; description: string }) {
      store.set({ alert, open: true })
    },
    attach(channel: Messenger<'modal'>, modalInit: ModalInit) {
      messenger = channel
      storage = createHostStorage(modalInit.storage, {
        set: (key, value) => channel.emit('storage.set', { key, value }),
        remove: (key) => channel.emit('storage.remove', { key }),
      })
      toasts = createToastQueue({
        debug: modalInit.debug,
        onChange: (toast) => store.set({ toast }),
        log: options.log,
      })
      const storedNetwork = storage.get(STORAGE_KEYS.activeNetworkId)
      const initial =
        modalInit.networks.find((n) => n.caipNetworkId === storedNetwork) ??
        modalInit.networks.find((n) => n.caipNetworkId === modalInit.defaultNetworkId) ??
        modalInit.networks[0]!
      store.set({
        phase: 'ready',
        init: modalInit,
        wallets: modalInit.wallets,
        recent: storage.getJson(STORAGE_KEYS.recentWallets, isRecentList) ?? [],
        activeChainId: initial.id,
        themeMode: modalInit.themeMode,
        themeVariables: modalInit.themeVariables,
      })
      walletConnect = createWalletConnect({
        init: modalInit,
        storage,
        store,
        activeChainId: () => store.get().activeChainId,
        onEvent: (event, data) => walletConnect && onWalletEvent(walletConnect.connector, event, data),
        log: (message) => toasts.debug(message),
        options: options.walletConnect,
      })
      const apiUrl = options.api?.url ?? readApiUrl(globalThis.document)
      if (apiUrl) {
        api = createApiClient({
          baseUrl: apiUrl,
          projectId: modalInit.projectId,
          sdkVersion: modalInit.sdkVersion,
          ...(options.api?.fetch ? { fetch: options.api.fetch } : {}),
        })
        accountData = createAccountData({
          api,
          storage,
          store,
          current: () => {
            const { account } = store.get()
            return account.status === 'connected' && account.address && account.chainId
              ? { address: account.address, chainId: account.chainId }
              : undefined
          },
          toast: (message) => toasts.show('error', message),
          log: (message) => toasts.debug(message),
          ...(options.api?.now ? { now: options.api.now } : {}),
        })
        registry = createRegistry({
          api,
          init: modalInit,
          store,
          detected: () => detectedWallets(store.get().wallets, store.get().recent),
          log: (message) => toasts.debug(message),
        })
        store.set({ dataAvailable: true })
      }
      router = createActor(routerMachine, {
        input: {
          isConnected: false,
          hasAdapters: true,
          isMobile: modalInit.isMobile,
          embedded: false,
          siwxRequired: false,
          hasSiwxSession: false,
          networkSwitchEnabled: modalInit.enableNetworkSwitch,
          allowUnsupportedChain: modalInit.allowUnsupportedChain,
          activeChainSupported: true,
        },
      })
      router.subscribe(syncRouter)
      router.start()

      channel.handle('modal.open', ({ view }) => {
        if (view && !OPENABLE_VIEWS.includes(view)) {
          throw new WalletFrameError(MODAL_ERRORS.viewNotOpenable, { details: view })
        }
        // The account view needs an account: without one the user first connects.
        session.open(view === 'Account' && store.get().account.status !== 'connected' ? undefined : view)
        return null
      })
      channel.handle('modal.close', () => {
        session.close()
        return null
      })
      channel.handle('wallet.connect', () => {
        const done = connectResult()
        if (done) return done
        return new Promise<ConnectResult>((resolve, reject) => {
          connectWaiters.add({ resolve, reject })
          if (!store.get().open) session.open()
        })
      })
      channel.handle('wallet.disconnect', async () => {
        await session.disconnect()
        return null
      })
      channel.handle('network.switch', async ({ caipNetworkId }) => {
        const network = networks().find((n) => n.caipNetworkId === caipNetworkId)
        if (!network)
          throw new WalletFrameError(MODAL_ERRORS.switchNetworkNotFound, { details: caipNetworkId })
        await switchNetwork(network)
        return null
      })
      channel.handle('theme.set', ({ themeMode, themeVariables }) => {
        store.set({
          ...(themeMode ? { themeMode } : {}),
          ...(themeVariables ? { themeVariables: { ...store.get().themeVariables, ...themeVariables } } : {}),
        })
        return null
      })
      channel.handle('rpc.request', ({ method, params }) =>
        handleDappRequest(method, params, {
          account: () => store.get().account,
          chainId: () => store.get().activeChainId,
          activeNetwork,
          findNetwork,
          connector: () => connector,
          requestConnect: () =>
            connectResult() ??
            new Promise<ConnectResult>((resolve, reject) => {
              connectWaiters.add({ resolve, reject })
              if (!store.get().open) session.open()
            }),
          switchNetwork,
          afterTransaction: () => void refreshBalance(),
        }),
      )
      channel.on('host.wallets', ({ wallets }) => store.set({ wallets }))
      channel.on('host.walletEvent', ({ walletId, event, data }) => {
        // Host events speak for host wallets only, never for a WalletConnect session.
        if (connector && connector.type !== 'WALLET_CONNECT' && walletId === connector.id)
          onWalletEvent(connector, event, data)
      })
      channel.emit('account.changed', snapshot())
      void restore()
    },
    open(view?: ViewName) {
      if (store.get().alert) return store.set({ open: true })
      router?.send({ type: 'FACTS', facts: routerFacts() })
      router?.send(view ? { type: 'OPEN', view } : { type: 'OPEN' })
      if (view === undefined && !routerFacts().activeChainSupported)
        router?.send({ type: 'CHAIN_CHECKED', supported: false })
    },
    close() {
      router?.send({ type: 'CLOSE' })
      if (router?.getSnapshot().context.open) {
        store.set({ shaking: true })
        setTimeout(() => store.set({ shaking: false }), 500)
      }
    },
    back() {
      if (store.get().view === 'ConnectingExternal') flow?.send({ type: 'CANCEL' })
      router?.send({ type: 'GO_BACK' })
    },
    push(view: ViewName) {
      router?.send({ type: 'PUSH', view })
    },
    selectWallet(wallet: WalletDescriptor) {
      runFlow(
        connectorFor(wallet),
        'external',
        (state, message) =>
          store.set({
            connecting: state
              ? { wallet, state, ...(message && state !== 'requesting' ? { message } : {}) }
              : undefined,
          }),
        wallet,
      )
      router?.send({ type: 'WALLET_SELECTED', connector: 'external' })
    },
    /** The WalletConnect entry (or a registry wallet reached through WalletConnect, for its deep links). */
    selectWalletConnect(listing?: WalletListing) {
      if (!walletConnect) return
      walletConnect.setListing(listing)
      router?.send({ type: 'WALLET_SELECTED', connector: 'walletConnect' })
    },
    async copyPairingUri() {
      const { pairing } = store.get().walletConnect
      if (pairing.status !== 'ready') return
      try {
        await navigator.clipboard.writeText(pairing.uri)
        toasts.show('success', UI_MESSAGES.linkCopied)
      } catch {
        toasts.show('error', UI_MESSAGES.somethingWentWrong)
      }
    },
    retryConnect() {
      flow?.send({ type: 'RETRY' })
    },
    async disconnect() {
      if (store.get().account.status === 'disconnected') return
      const active = connector
      try {
        await active?.disconnect()
      } catch (error) {
        toasts.show('error', UI_MESSAGES.failedToDisconnect)
        options.log?.(`disconnect failed: ${(error as Error).message}`)
      }
      onDisconnected()
    },
    switchNetwork: (network: Network) =>
      switchNetwork(network).then(
        () => {
          if (store.get().view === 'UnsupportedChain' || store.get().view === 'Networks')
            router?.send({ type: 'GO_BACK' })
        },
        () => undefined,
      ),
    async copyAddress() {
      const address = store.get().account.address
      if (!address) return
      try {
        await navigator.clipboard.writeText(address)
        toasts.show('success', UI_MESSAGES.addressCopied)
      } catch {
        toasts.show('error', UI_MESSAGES.somethingWentWrong)
      }
    },
    /** Tells the host what is on screen, once it is painted. */
    reportRendered() {
      const { open, view, alert } = store.get()
      // Closed as soon as the closing animation starts: the host gives the page its clicks back
      // then, and keeps the frame drawn until the animation ends.
      const visible = open || alert !== undefined
      const key = `${visible}:${view}`
      if (key === lastReported || !messenger) return
      lastReported = key
      messenger.emit('modal.state', { open: visible, view })
    },
    /** The data API client, when the deployment has one. */
    dataApi: (): ApiClient | undefined => api,
    /** Balances, identity and activity of the connected account (with a data API only). */
    accountData: (): AccountData | undefined => accountData,
    /** The wallet registry (with a data API only). */
    registry: (): Registry | undefined => registry,
    networks: () => (store.get().init ? networks() : []),
    activeNetwork,
    findNetwork,
  }
  return session
}
export type Session = ReturnType<typeof createSession>
