/**
 * The modal's composition root: one store of view state, the root machine (router, flows, toasts,
 * timings), the connection, and the host channel. Views read `store` and call the intents below;
 * what the host and the router are told follows from changes of state, in one place (`onChange`).
 */
import {
  ALERTS,
  type Alert,
  ANALYTICS_EVENTS,
  type Messenger,
  type ModalInit,
  type Network,
  TIME,
  UI_MESSAGES,
  type ViewName,
  type WalletDescriptor,
} from '@walletframe/protocol'
import { type Actor, createActor } from 'xstate'
import type { AccountData } from '../features/account/account-data.ts'
import { createNativeBalance } from '../features/account/native-balance.ts'
import { createAlerts } from '../features/alerts/alerts.ts'
import { NO_TRACKER, type Tracker } from '../features/analytics/index.ts'
import { createConnection } from '../features/connect/connection.ts'
import { flowMessage } from '../features/connect/flow-message.ts'
import { createInjectedConnector } from '../features/connect/injected-connector.ts'
import { optionWarnings } from '../features/connect/option-warnings.ts'
import type { ApiClient } from '../features/core/api-client.ts'
import { readApiUrl } from '../features/core/bootstrap.ts'
import type { Session, SessionState } from '../features/core/session-api.ts'
import { reconnectAlert } from '../features/embedded/login-failure.ts'
import { type Embedded, embeddedIntents } from '../features/embedded/session-embedded.ts'
import { createNames } from '../features/names/index.ts'
import { switchWalletNetwork } from '../features/networks/switch-network.ts'
import type { Registry } from '../features/registry/registry.ts'
import { createRpcReader } from '../features/rpc/rpc-reader.ts'
import { createSiwx, signInOptions, signInView } from '../features/siwx/index.ts'
import { type Social, socialIntents } from '../features/social/session-social.ts'
import { createSwapServices, type SwapServices } from '../features/swap/services.ts'
import type { ToastVariant } from '../features/toast/toast.machine.ts'
import type { createWalletConnect } from '../features/walletconnect/session-walletconnect.ts'
import { copyText } from '../ui/clipboard.ts'
import type { Text } from '../ui/i18n/translator.ts'
import { createStore } from '../ui/store.ts'
import type { createDataServices } from './data-services.ts'
import { attachHost, type HostApi } from './host-api.ts'
import { INITIAL_STATE, stateFromInit } from './initial-state.ts'
import { type FlowReport, modalMachine, viewStateOf } from './modal.machine.ts'
import type { RouterEvent } from './router/router.machine.ts'
import { initialFacts, routerFactsOf, syncRouter } from './router-sync.ts'
import { lazyReaders } from './session-chunks.ts'
import { createFeatures, type FeatureOptions } from './session-features.ts'
import { headlessIntents } from './session-headless.ts'
import { namespacesLoader } from './session-namespaces.ts'
import { createSessionTracking, trackerFor } from './session-tracking.ts'
import { walletIntents } from './session-wallet.ts'

export type { Session, SessionState } from '../features/core/session-api.ts'
export type { DataApiOptions } from './data-services.ts'

/** The session as the boot code sees it: views see only `Session`. */
export interface ModalSession extends Session {
  /** A hello came from a page that may not use this project: shown, never answered. */
  refuse(alert: Pick<Alert, 'title' | 'description'>): void
  /** The handshake succeeded: serve this host. */
  attach(channel: Messenger<'child'>, init: ModalInit): void
}

/** The modal document's window; none in Node (tests without a DOM). */
const documentWindow = (): EventTarget | undefined =>
  typeof globalThis.addEventListener === 'function' ? globalThis : undefined

export function createSession(
  options: FeatureOptions & {
    log?: (message: string) => void
    /** The modal document's window, whose `pagehide` the host is told of; globalThis by default. */
    page?: EventTarget
  } = {},
): ModalSession {
  const store = createStore<SessionState>(INITIAL_STATE)
  let init: ModalInit | undefined
  let root: Actor<typeof modalMachine> | undefined
  let host: HostApi | undefined
  let walletConnect: ReturnType<typeof createWalletConnect>
  let data: ReturnType<typeof createDataServices> | undefined
  let embedded: Embedded | undefined
  let social: Social | undefined
  let swap: { data: NonNullable<typeof data>; services: SwapServices } | undefined
  /** The page wallet picked last: the ConnectingExternal view shows it. */
  let picked: WalletDescriptor | undefined
  let messenger: Messenger<'child'> | undefined
  /** Wallet sign-in (spec §4), when the integrator asked for it. */
  let siwx: ReturnType<typeof createSiwx> | undefined
  /** The configuration problems are told once, when the modal first opens (a toast needs it open). */
  let warned = false
  /** This page's tracker (spec §7 `POST /e`), made once the host's options are known. */
  let tracker: Tracker = NO_TRACKER
  const tracking = createSessionTracking(() => tracker)

  const toast = (variant: ToastVariant, message: Text) =>
    root?.send({ type: 'TOAST', event: { type: 'SHOW', variant, message } })
  /** Debug messages are always logged, and shown (as info toasts) only with `debug` on. */
  const log = (message: string) => {
    options.log?.(message)
    host?.log(message)
    if (init?.debug) toast('info', message)
  }
  const networks = () => init?.networks ?? []
  const findNetwork = (chainId: number | undefined) => networks().find((n) => n.id === chainId)
  const activeNetwork = () => findNetwork(store.get().activeChainId)
  const connection = createConnection(store, log)
  const alerts = createAlerts(store, () => session.open())
  // Reads go through the data API's JSON-RPC endpoint once there is one (spec §7).
  const read = createRpcReader(() => data?.api, { log })
  const balance = createNativeBalance({
    store,
    findNetwork,
    read,
    token: (network) => init?.tokens?.[network.caipNetworkId]?.address,
    log,
  })
  const { loadDelegation, showCallsStatus } = lazyReaders({
    store,
    findNetwork,
    read,
    log,
    connector: () => connection.current(),
    showView: () => (store.get().open ? session.push('CallsStatus') : session.open('CallsStatus')),
  })
  /** The connected connector, if it is the page wallet `walletId`: host events speak only for those. */
  const pageWallet = (walletId: string) => {
    const active = connection.current()
    return active && active.type !== 'WALLET_CONNECT' && walletId === active.id ? active : undefined
  }
  const sendRouter = (event: RouterEvent) => root?.send({ type: 'ROUTER', event })
  const routerFacts = () => routerFactsOf(store.get(), init!, findNetwork, walletConnect !== undefined)

  /** Where a flow stands, as its view shows it (spec §2 ConnectingExternal, ConnectingWalletConnect). */
  const reportFlow = ({ kind, progress, message }: FlowReport) => {
    tracking.flowReported({ kind, progress })
    const text = flowMessage(progress, message)
    if (kind === 'walletConnect') return walletConnect?.setFlow(progress, text)
    const connecting =
      progress && picked ? { wallet: picked, state: progress, ...(text ? { message: text } : {}) } : undefined
    store.set({ connecting })
  }

  const switchNetwork = async (network: Network, signal?: AbortSignal) => {
    namespaces.ifLoaded((n) => n.activateEvm())
    const connector = connection.current()
    if (store.get().account.status !== 'connected' || !connector)
      return store.set({ activeChainId: network.id })
    await switchWalletNetwork(connector, network, (message) => toast('error', message), signal)
    connection.chainChanged(network.id)
    tracking.track({ event: ANALYTICS_EVENTS.switchNetwork, properties: { network: network.caipNetworkId } })
  }

  /** Mirrors the root machine into the view state. */
  const mirror = () => {
    const next = viewStateOf(root!.getSnapshot())
    const state = store.get()
    if ((Object.keys(next) as (keyof typeof next)[]).some((key) => state[key] !== next[key])) store.set(next)
  }

  const names = createNames({
    store,
    api: () => data?.api,
    walletRequest: (method, params) => session.walletRequest(method, params),
    identityChanged: () => void data?.accountData.loadIdentity({ force: true }),
    succeeded: () => sendRouter({ type: 'RESET', view: 'RegisterAccountNameSuccess' }),
    toast: (message) => toast('error', message),
    log,
  })
  const nameIntents = { typeName: names.typeName, registerName: names.registerName }
  const namespaces = namespacesLoader({
    store,
    init: () => init,
    messenger: () => messenger,
    storage: () => host?.storage,
    embedded: () => embedded,
    show: (view, how) => (how === 'reset' ? sendRouter({ type: 'RESET', view }) : session[how](view)),
    toast: (message) => toast('error', message),
    log,
  })
  const headless = headlessIntents({
    store,
    registry: () => data?.registry,
    open: () => session.open(),
    selectWallet: (wallet) => session.selectWallet(wallet),
    selectWalletConnect: (listing) => session.selectWalletConnect(listing),
  })

  const session: ModalSession = {
    store,
    refuse(alert) {
      store.set({ alert: { title: alert.title, description: alert.description }, open: true })
    },
    attach(channel, modalInit) {
      init = modalInit
      messenger = channel
      host = attachHost(channel, modalInit, store, options.page ?? documentWindow(), {
        open: (view) => session.open(view),
        close: () => session.close(),
        disconnect: () => session.disconnect(),
        signOut: async () => siwx?.signOut(),
        ...headless,
        analyticsConsent: (granted) => tracker.consent?.(granted),
        switchNetwork,
        networks,
        findNetwork,
        read,
        activeNetwork,
        connector: connection.current,
        namespaces: namespaces.load,
        afterTransaction: () => void balance.refresh(),
        showCallsStatus,
        notAllowed() {
          // Spec §6, on every path (issue 17 point 8): a disallowed method opens the modal and says so.
          session.open()
          const event = { type: 'SHOW', variant: 'error', message: UI_MESSAGES.actionNotAllowed } as const
          root?.send({ type: 'TOAST', event, delayMs: TIME.disallowedRpcErrorDelayMs })
        },
        networkNotFound: () => alerts.show(ALERTS.networkNotFound),
        onWallets: (wallets) => store.set({ wallets }),
        onStorageFailed: (key, error) =>
          log(
            `${(error as { reason?: string }).reason ?? String(error)}: ${key} is not kept in the host page`,
          ),
        onWalletEvent(walletId, event, data) {
          const active = pageWallet(walletId)
          if (active) connection.walletEvent(active, event, data)
        },
        onWalletTransaction(walletId) {
          if (pageWallet(walletId)) void balance.refresh()
        },
      })
      const { storage } = host
      const initial = stateFromInit(modalInit, storage)
      ;({ walletConnect, data, embedded, social } = createFeatures({
        init: modalInit,
        initial,
        store,
        storage,
        options,
        apiUrl: readApiUrl(globalThis.document),
        wallet: connection.current,
        log,
        toast,
        openDeepLink: (href) => host?.openDeepLink(href),
        onWalletEvent: (event, eventData) =>
          walletConnect && connection.walletEvent(walletConnect.connector, event, eventData),
        embedded: {
          push: (view) => session.push(view),
          back: () => session.back(),
          openApproval: () => sendRouter({ type: 'UNSAFE_REQUEST' }),
          startLogin(connector, login) {
            tracking.walletSelected('email', connector.name)
            root?.send({ type: 'START_FLOW', kind: 'email', connector, login })
          },
          sendLogin: (event) => root?.send({ type: 'EMAIL', event }),
          refreshBalance: () => void balance.refresh(),
          sessionRefused() {
            alerts.show(ALERTS.sessionExpired)
            void session.disconnect()
          },
        },
        social: {
          push: (view) => session.push(view),
          startLogin(connector, social) {
            tracking.walletSelected('social', social.provider)
            root?.send({ type: 'START_FLOW', kind: 'social', connector, social })
          },
          sendLogin: (event) => root?.send({ type: 'SOCIAL', event }),
        },
      }))
      siwx = signInOptions(modalInit)
        ? createSiwx({
            init: modalInit,
            store,
            storage,
            api: () => data?.api,
            walletRequest: (method, params) => session.walletRequest(method, params),
            tell: (signedIn) => channel.emit('siwx.session', { session: signedIn }),
            signedIn() {
              sendRouter({ type: 'FACTS', facts: routerFacts() })
              session.close()
            },
            askAgain() {
              // Spec §4: another account or network than the session's signs in again.
              if (routerFacts().activeChainSupported) session.open(signInView(modalInit))
            },
            disconnect: () => session.disconnect(),
            toast: (message) => toast('error', message),
            log,
          })
        : undefined
      tracker = trackerFor({ init: modalInit, api: data?.api, toast: (m) => toast('error', m), log })
      ;(options.page ?? documentWindow())?.addEventListener('pagehide', () => tracker.flush())
      root = createActor(
        modalMachine.provide({
          actions: {
            reportFlow: (_, report) => reportFlow(report),
            reportEmail(_, login) {
              tracking.loginReported('email', login?.value)
              embedded?.reportLogin(login)
            },
            reportSocial(_, login) {
              tracking.loginReported('social', login?.value)
              social?.reportLogin(login)
            },
            connected: (_, { kind, connector, account }) => {
              connection.connected(connector, account)
              tracking.connected(kind, connector.name)
            },
            closed: () => host?.rejectConnectWaiters(),
          },
        }),
        {
          input: {
            facts: initialFacts(modalInit),
            ...(walletConnect ? { walletConnect: walletConnect.connector } : {}),
          },
        },
      )
      root.subscribe(mirror)
      root.start()
      let previous = store.get()
      store.subscribe(() => {
        const [prev, next] = [previous, store.get()]
        previous = next
        host?.onChange(prev, next)
        namespaces.ifLoaded((n) => n.onChange(prev, next))
        tracking.stateChanged(prev, next)
        siwx?.accountChanged(prev, next)
        syncRouter(prev, next, { send: sendRouter, facts: routerFacts, findNetwork })
        if (prev.account !== next.account) {
          data?.accountData.sync()
          void balance.load()
        }
      })
      store.set({ ...initial, dataAvailable: data !== undefined })
      host.announce()
      namespaces.start()
      // Spec §2 embedded mode: inline in the host's page, the modal is always on screen.
      if (modalInit.embedded) session.open()
      void connection.restore(
        storage,
        (connectorId) => {
          const wallet = store.get().wallets.find((w) => w.id === connectorId)
          if (wallet) return createInjectedConnector(wallet, channel)
          return walletConnect?.restorable(connectorId) ?? embedded?.restorable(connectorId)
        },
        (error) => {
          const alert = reconnectAlert(error)
          if (alert) alerts.show(alert)
        },
      )
    },
    open(view?: ViewName) {
      if (store.get().alert) return store.set({ open: true })
      if (init && !warned) {
        warned = true
        for (const warning of optionWarnings(init)) log(warning)
      }
      sendRouter({ type: 'FACTS', facts: routerFacts() })
      sendRouter(view ? { type: 'OPEN', view } : { type: 'OPEN' })
      if (view === undefined && !routerFacts().activeChainSupported)
        sendRouter({ type: 'CHAIN_CHECKED', supported: false })
    },
    close: () => root?.send({ type: 'CLOSE' }),
    back: () => sendRouter({ type: 'GO_BACK' }),
    push: (view) => sendRouter({ type: 'PUSH', view }),
    selectWallet(wallet) {
      picked = wallet
      tracking.walletSelected('external', wallet.name)
      root?.send({
        type: 'START_FLOW',
        kind: 'external',
        connector: createInjectedConnector(wallet, messenger!),
      })
      sendRouter({ type: 'WALLET_SELECTED', connector: 'external' })
    },
    selectWalletConnect(listing) {
      if (!walletConnect) return
      walletConnect.setListing(listing)
      tracking.walletSelected('walletConnect', listing?.name ?? walletConnect.connector.name)
      sendRouter({ type: 'WALLET_SELECTED', connector: 'walletConnect' })
    },
    chooseDeepLink: () => walletConnect?.chooseDeepLink(),
    async copyPairingUri() {
      const { pairing } = store.get().walletConnect
      if (pairing.status === 'ready') await copyText(pairing.uri, UI_MESSAGES.linkCopied, toast)
    },
    retryConnect: () => root?.send({ type: 'RETRY_FLOW' }),
    dismissAlert: () => alerts.dismiss(),
    signIn: async () => siwx?.signIn(),
    ...nameIntents,
    cancelSignIn: () => siwx?.cancel(),
    ...embeddedIntents(
      () => embedded,
      (view) => session.push(view),
    ),
    ...socialIntents(() => social),
    async disconnect() {
      if (store.get().account.status === 'disconnected') return
      let failed = false
      await connection.disconnect((error) => {
        failed = true
        toast('error', UI_MESSAGES.failedToDisconnect)
        options.log?.(`disconnect failed: ${(error as Error).message}`)
      })
      // Spec §4 "Disconnect": a success or an error event.
      const event = failed ? ANALYTICS_EVENTS.disconnectError : ANALYTICS_EVENTS.disconnectSuccess
      tracking.track({ event, properties: {} })
    },
    ...namespaces.intents,
    switchNetwork: (network) =>
      switchNetwork(network).then(
        () => {
          if (store.get().view === 'UnsupportedChain' || store.get().view === 'Networks')
            sendRouter({ type: 'GO_BACK' })
        },
        () => undefined,
      ),
    refreshBalance: () => balance.refresh(),
    loadDelegation,
    async copyAddress() {
      const { address } = store.get().account
      if (address) await copyText(address, UI_MESSAGES.addressCopied, toast)
    },
    reportRendered() {
      const { open, view, alert } = store.get()
      // Closed as soon as the closing animation starts: the host gives the page its clicks back
      // then, and keeps the frame drawn until the animation ends.
      host?.reportScreen(open || alert !== undefined, view)
    },
    ...walletIntents({
      store,
      init: () => init,
      connector: connection.current,
      toast,
      tokenSent: () => sendRouter({ type: 'TOKEN_SENT' }),
      refreshAccount() {
        void balance.refresh()
        void data?.accountData.loadTokens({ force: true })
        void data?.accountData.loadActivity({ newest: true })
      },
    }),
    track: tracking.track,
    dataApi: (): ApiClient | undefined => data?.api,
    accountData: (): AccountData | undefined => data?.accountData,
    swapServices() {
      if (!data) return undefined
      // One per data API: the swap flow they keep outlives the Swap view (spec §4 approvals cover it).
      if (swap?.data !== data) {
        const api = data.api
        const accountData = data.accountData
        swap = {
          data,
          services: createSwapServices({
            api,
            account: () => store.get().account,
            connector: connection.current,
            findNetwork,
            refreshNative: () => void balance.refresh(),
            refreshTokens: (token) => void accountData.refreshTokens(token),
            toast,
            track: tracking.track,
          }),
        }
      }
      return swap.services
    },
    registry: (): Registry | undefined => data?.registry,
    networks,
    activeNetwork,
    findNetwork,
  }
  return session
}
