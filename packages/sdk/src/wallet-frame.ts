/**
 * `createWalletFrame`: puts the pieces together. All state lives in the modal; this side keeps
 * only what the modal last told it (modal state, account) and the wallets found in the page.
 */
import type {
  AccountSnapshot,
  ConnectResult,
  HostChannel,
  MethodsOf,
  ModalState,
  Params,
  Result,
  SiwxStoredSession,
  ThemeMode,
  ViewName,
  WalletListing,
  WireError,
} from '@walletframe/protocol/host'
import {
  CHANNEL_DESTROYED,
  CHANNEL_FRAME_GONE,
  CHANNEL_NO_BROWSER,
  CHANNEL_NOT_MOUNTED,
  CONNECTION_STATUS_KEY,
  HOST_CHECKS,
  LOG_BUFFER_BYTES,
  MODAL_CLOSE_ANIMATION_MS,
  MODAL_UNSUPPORTED_NAMESPACE,
  MODAL_WALLET_NOT_IN_PAGE,
  SIWX_SESSION_KEY,
  toWireError,
  WalletFrameError,
} from '@walletframe/protocol/host'
import type { AdapterContext } from './adapter.ts'
import { announceProvider } from './announce.ts'
import type { BitcoinProvider } from './bitcoin/provider.ts'
import { type Discovery, discoverWallets } from './discovery.ts'
import { createLog } from './logs.ts'
import { normalizeOptions, type WalletFrameOptions } from './options.ts'
import { createProvider, type EIP1193Provider, type RequestArguments } from './provider.ts'
import { createSession, type Session } from './session.ts'
import { createSignal } from './signal.ts'
import type { SolanaProvider } from './solana/provider.ts'
import { readHints, removeHint, writeHint } from './storage.ts'
import { createWalletRoute } from './wallet-route.ts'

/** A wallet as `listWallets()` gives it (WalletListingSchema in the protocol). */
export type { WalletListing }

export interface AccountState extends AccountSnapshot {
  isConnected: boolean
}

export interface WalletFrame {
  /** Opens the modal (on `view`, if given). */
  open(options?: { view?: ViewName }): Promise<void>
  close(): Promise<void>
  /**
   * Opens the modal if needed; resolves once connected, rejects with code 4001 if the user closes it.
   * With `walletId` (an id from `listWallets()`), that wallet's own flow starts at once: a page
   * wallet's prompt, a WalletConnect wallet's QR code; never the wallet list. An unknown id rejects
   * with `UnknownWallet` (-32602). Already connected: resolves with the connection as it is.
   */
  connect(options?: { walletId?: string }): Promise<ConnectResult>
  /** Headless mode: the wallets the Connect view would show, for integrators who draw their own. */
  listWallets(): Promise<WalletListing[]>
  /**
   * With `features.analytics: 'consent'`: the user's answer. Nothing is sent before `true`; what
   * happened before is dropped, not queued; `false` stops sending again. Not kept across reloads:
   * call it on each page load with the answer your consent banner keeps.
   */
  setAnalyticsConsent(granted: boolean): Promise<void>
  disconnect(): Promise<void>
  request(args: RequestArguments): Promise<unknown>
  /**
   * `eip155`: the EIP-1193 provider. `solana`, `bip122`: the provider of the adapter passed in
   * `adapters` (`@walletframe/sdk/solana`, `/bitcoin`); without it, `MODAL_UNSUPPORTED_NAMESPACE`.
   */
  getProvider<N extends keyof NamespaceProviders>(namespace: N): NamespaceProviders[N]
  switchNetwork(caipNetworkId: string): Promise<void>
  getAccount(): AccountState
  /** Called on every account change (not with the current value). */
  subscribeAccount(callback: (account: AccountState) => void): () => void
  getState(): ModalState
  /** Called on every change of the modal's open state or view. */
  subscribeState(callback: (state: ModalState) => void): () => void
  setThemeMode(themeMode: ThemeMode): Promise<void>
  /**
   * The wallet sign-in session (spec §4; options `siwx`/`siwe`), kept in the page across reloads, or
   * undefined. Its `id` is what the dapp's backend checks (`@walletframe/siwx-server`).
   */
  getSession(): SiwxStoredSession | undefined
  /** Called when the user signs in or out, or the session stops matching the account or network. */
  subscribeSession(callback: (session: SiwxStoredSession | undefined) => void): () => void
  /** Ends the session (revoked at the data API); with sign-in required, the wallet is disconnected too. */
  signOut(): Promise<void>
  /**
   * Recent log lines of the SDK and the modal, oldest first, for a bug report (spec §9: about 1 MB,
   * the oldest dropped first). No keys, tokens or request parameters are logged.
   */
  getLogs(): string[]
  /**
   * Shows the modal inline in `container` (spec §2 embedded mode): no overlay, sized by the
   * container, always on screen; closing goes to Account when connected, otherwise to Connect.
   * The frame keeps its own origin and every channel check.
   */
  mount(container: HTMLElement): void
  /** Removes the frame and every listener; requests in flight reject with code 4900. */
  destroy(): void
}

type HostRequest = MethodsOf<'toChild', 'request'>

/** The provider of each namespace (solana, bip122: with their adapter). */
export interface NamespaceProviders {
  eip155: EIP1193Provider
  solana: SolanaProvider
  bip122: BitcoinProvider
}

export function createWalletFrame(options: WalletFrameOptions): WalletFrame {
  return createWalletFrameIn(typeof window === 'undefined' ? undefined : window, options)
}

/** The seam for tests: `win` is the page's window, or undefined during server-side rendering. */
export function createWalletFrameIn(win: Window | undefined, options: WalletFrameOptions): WalletFrame {
  const config = normalizeOptions(options)
  const { init } = config
  // The console only with `debug: true` passed (config.console); the buffer always (getLogs).
  const { log, lines: getLogs } = createLog(LOG_BUFFER_BYTES, config.console)
  const state = createSignal<ModalState>({ open: false, view: 'Connect' })
  const account = createSignal<AccountState>({ status: 'disconnected', isConnected: false })
  const siwx = createSignal<SiwxStoredSession | undefined>(win && storedSession(readHints(win)))
  let unavailable: WireError = CHANNEL_NO_BROWSER
  let session: Session | undefined
  /** What destroy() ends: the discovery, the announcement, the adapters' registrations and listeners. */
  const stops: (() => void)[] = []
  /** The page has called the modal: a preload still to come has nothing left to do. */
  let asked = false
  /** The SDK may make its frame: appended to the body, or mounted inline. */
  const placed = () => config.append || !!config.container

  const call = async <M extends HostRequest>(
    method: M,
    params: Params<HostChannel, M>,
  ): Promise<Result<HostChannel, M>> => {
    asked = true
    if (!session) throw new WalletFrameError(unavailable)
    if (!placed()) throw new WalletFrameError(CHANNEL_NOT_MOUNTED)
    return (await session.ready()).request(method, params)
  }
  /** For calls that mean nothing before the modal exists (disconnect, theme): no frame is made for them. */
  const callLive = async <M extends HostRequest>(method: M, params: Params<HostChannel, M>) => {
    if (!session || session.frame) await call(method, params)
  }

  const switchNetwork = async (caipNetworkId: string) => {
    await call('network.switch', { caipNetworkId })
  }
  const { provider, emit } = createProvider((method, params) => route.request(method, params))
  /** By namespace: a Map, so that no name (`constructor`) finds an Object member. */
  const providers = new Map<string, unknown>([['eip155', provider]])
  const checks = { ...HOST_CHECKS }
  /** The adapters' listeners of each new channel. */
  const wires: AdapterContext['wires'] = []
  /** The page's wallets; none during server-side rendering. */
  let wallets: Discovery | undefined
  const findWallet = (walletId: string) => wallets?.list().find((w) => w.descriptor.id === walletId)
  const route = createWalletRoute({
    findWallet,
    viaModal: (method, params) => call('rpc.request', { method, params }),
    switchNetwork,
    transactionSent: (walletId) => session?.messenger?.emit('host.transactionSent', { walletId }),
  })

  if (win) {
    /** A message that cannot be cloned (odd wallet event data) is dropped, not thrown into the wallet. */
    const send = (post: () => void) => {
      try {
        post()
      } catch (error) {
        log(error)
      }
    }
    /** Wallets announced after the init was made and before the messenger is ready: sent once it is. */
    let walletsStale = false
    const sendWallets = () =>
      send(() => session?.messenger?.emit('host.wallets', { wallets: discovery.descriptors() }))
    const discovery = discoverWallets(
      win,
      config.eip6963,
      () => {
        walletsStale = !session?.messenger
        sendWallets()
      },
      (walletId, event, data) =>
        // A message (a subscription's result) is the connected page wallet's to the dapp: the
        // modal has no use for it. Any other event goes one way: the modal checks it, updates the
        // connection state it owns, and tells the dapp.
        event === 'message'
          ? walletId === account.get().connectorId && emit(event, data)
          : send(() =>
              session?.messenger?.emit('host.walletEvent', {
                walletId,
                event,
                data: event === 'disconnect' ? toWireError(data) : data,
              }),
            ),
    )
    wallets = discovery
    stops.push(discovery.stop)
    for (const adapter of options.adapters ?? [])
      providers.set(adapter.namespace, adapter.start(win, init, call, discovery.add, checks, wires, stops))
    if (config.announce) stops.push(announceProvider(win, provider))

    session = createSession(
      win,
      config,
      {
        log,
        init: () => {
          walletsStale = false
          return {
            ...init,
            storage: readHints(win),
            wallets: discovery.descriptors(),
          }
        },
        wire(m) {
          if (walletsStale) sendWallets()
          for (const listener of wires) listener(m)
          m.handle('host.walletRequest', ({ walletId, ...args }, { signal }) => {
            const wallet = findWallet(walletId)
            if (!wallet) throw new WalletFrameError(MODAL_WALLET_NOT_IN_PAGE)
            // The modal gave up (its deadline, the user, a reload): stop waiting on the wallet's prompt.
            return new Promise((resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason))
              wallet.provider.request(args).then(resolve, reject)
            })
          })
          m.on('modal.state', (next) => {
            if (next.open) session?.frame?.show(true)
            // Hidden once the modal's closing animation is over.
            else session?.frame?.hide(MODAL_CLOSE_ANIMATION_MS)
            state.set(next)
          })
          m.on('account.changed', (next) => {
            route.follow(next)
            account.set({ ...next, isConnected: next.status === 'connected' })
          })
          m.on('provider.event', ({ event, data }) =>
            emit(event, event === 'disconnect' ? new WalletFrameError(toWireError(data)) : data),
          )
          m.handle('storage.set', ({ key, value }) => writeHint(win, key, value))
          m.on('storage.remove', ({ key }) => removeHint(win, key))
          m.on('modal.log', ({ message }) => log('modal', message))
          m.on('siwx.session', ({ session: next }) => siwx.set(next ?? undefined))
          // The chosen wallet's app (spec §3 "deep-link choice"): an app scheme only (the check).
          m.on('wallet.openDeepLink', ({ href }) => {
            win.location.href = href
          })
        },
        gone() {
          if (state.get().open) state.set({ ...state.get(), open: false })
        },
      },
      checks,
    )
    // The frame never holds back the page's load event (issue 10): it is made once that has fired,
    // at once on a reload of a connected page (the connection is restored without a click),
    // otherwise when the page is idle (preload, on by default: open() then finds the modal ready).
    const restore = readHints(win)[CONNECTION_STATUS_KEY] === 'connected'
    if (restore || config.preload) {
      const make = () => asked || !placed() || session?.ready()
      const made = () =>
        restore
          ? make()
          : win.requestIdleCallback
            ? win.requestIdleCallback(make, { timeout: 2000 })
            : setTimeout(make)
      if (win.document.readyState === 'complete') made()
      else win.addEventListener('load', made, { once: true })
    }
  }

  return {
    open(o = {}) {
      const opened = call('modal.open', o.view ? { view: o.view } : {})
      // Visible at once, so that the modal's own alerts show even if the handshake is refused.
      session?.frame?.show()
      return opened.then(() => {})
    },
    async close() {
      const messenger = session?.messenger
      if (messenger) await messenger.request('modal.close', {})
      // No channel (not made yet, or refused): hiding the frame is all there is to do.
      else session?.frame?.hide()
    },
    connect: (o = {}) => call('wallet.connect', o),
    listWallets: () => call('wallet.list', {}),
    disconnect: () => callLive('wallet.disconnect', {}),
    request: (args) => provider.request(args),
    getProvider(namespace) {
      const found = providers.get(namespace)
      if (!found) throw new WalletFrameError(MODAL_UNSUPPORTED_NAMESPACE, { details: namespace })
      return found as never
    },
    switchNetwork,
    getAccount: account.get,
    subscribeAccount: account.subscribe,
    getState: state.get,
    getLogs,
    subscribeState: state.subscribe,
    getSession() {
      const current = siwx.get()
      return current && Date.parse(current.expiresAt) > Date.now() ? current : undefined
    },
    subscribeSession: siwx.subscribe,
    signOut: () => callLive('siwx.signOut', {}),
    setThemeMode(themeMode) {
      init.themeMode = themeMode // the next handshake (a reload) carries it too
      return callLive('theme.set', { themeMode })
    },
    setAnalyticsConsent(granted) {
      init.analyticsConsent = granted
      return callLive('analytics.consent', { granted })
    },
    mount(container) {
      config.container = container
      init.embedded = true
      // A frame already made (preloaded in the body) is made again, inside the container.
      if (session?.frame) session.end(CHANNEL_FRAME_GONE)
      session?.ready()
    },
    destroy() {
      unavailable = CHANNEL_DESTROYED
      session?.end(CHANNEL_DESTROYED)
      session = undefined
      for (const end of stops) end()
    },
  }
}

/** The session the modal stored in the page, if it is still a well-formed one (the same check as the channel's). */
function storedSession(hints: Record<string, string>): SiwxStoredSession | undefined {
  try {
    const session = JSON.parse(hints[SIWX_SESSION_KEY] ?? 'null') as SiwxStoredSession | null
    return session && HOST_CHECKS['params:siwx.session']?.({ session }) ? session : undefined
  } catch {
    return undefined
  }
}
