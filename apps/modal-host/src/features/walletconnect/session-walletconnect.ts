/**
 * WalletConnect as the session sees it: whether it is offered, its connector, and the state its
 * views read (`SessionState.walletConnect`). Kept out of session.ts so the session only wires it:
 * the flow itself is the shared connection machine, and wallet events go to the session's one
 * wallet-event handler.
 */
import { type ModalInit, STORAGE_KEYS, type ViewName, WALLETFRAME_NAME } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { HostStorage, WalletEventName } from '../core/index.ts'
import { readRelayUrl } from '../core/index.ts'
import { signClientLoader } from './config.ts'
import { deepLinkChoiceOf, isDeepLinkChoice, type WalletListing } from './deep-links.ts'
import { type PairingState, reusesPairing } from './pairing.ts'
import type { SignClientLike } from './sign-client-surface.ts'
import { createWalletConnectStorage } from './storage.ts'
import {
  createWalletConnectConnector,
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectConnector,
} from './walletconnect-connector.ts'

export interface WalletConnectState {
  /** A relay is configured, so the WalletConnect entry and views are offered. */
  available: boolean
  pairing: PairingState
  /** The connect flow while a WalletConnect view is shown. */
  flow?: 'requesting' | 'declined' | 'failed'
  message?: string
  /** A registry wallet picked to connect through WalletConnect: its deep links are offered. */
  listing?: WalletListing
}

export const WALLETCONNECT_IDLE: WalletConnectState = { available: false, pairing: { status: 'idle' } }

export interface WalletConnectOptions {
  /** The relay; defaults to the one the modal server named in the project bootstrap. */
  relayUrl?: string
  /** Replaces the sign-client chunk (tests use a fake client). */
  loadClient?: () => Promise<SignClientLike>
  userAgent?: string
}

const WALLETCONNECT_VIEWS: readonly ViewName[] = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic']
export const isWalletConnectView = (view: ViewName): boolean => WALLETCONNECT_VIEWS.includes(view)

/** Spec §5: the walletConnect entry is hidden when already connected through WalletConnect. */
export function showsWalletConnectEntry(
  walletConnect: Pick<WalletConnectState, 'available'>,
  account: { status: string; connectorId?: string },
): boolean {
  return (
    walletConnect.available &&
    !(account.status === 'connected' && account.connectorId === WALLETCONNECT_CONNECTOR_ID)
  )
}

function isTelegramFrame(): boolean {
  const win = globalThis as { TelegramWebviewProxy?: unknown; Telegram?: unknown }
  return Boolean(win.TelegramWebviewProxy || win.Telegram)
}

export function createWalletConnect(context: {
  init: ModalInit
  storage: HostStorage
  store: Store<{ walletConnect: WalletConnectState }>
  activeChainId(): number
  onEvent(event: WalletEventName, data: unknown): void
  /** Has the host page open a wallet app's link (only the top page may, without a click). */
  openDeepLink(href: string): void
  log(message: string): void
  options: WalletConnectOptions | undefined
}) {
  const { init, store } = context
  const relayUrl = context.options?.relayUrl ?? readRelayUrl(globalThis.document)
  // spec §9: `enableWalletConnect: false` takes WalletConnect (and the wallets reached through it) away.
  if (!relayUrl || init.enableWalletConnect === false) return undefined
  const update = (patch: Partial<WalletConnectState>) =>
    store.set((state) => ({ walletConnect: { ...state.walletConnect, ...patch } }))
  update({ available: true })

  const loadClient =
    context.options?.loadClient ??
    signClientLoader({
      projectId: init.projectId,
      relayUrl,
      metadata: {
        name: init.metadata?.name ?? WALLETFRAME_NAME,
        description: init.metadata?.description ?? '',
        url: init.metadata?.url ?? '',
        icons: init.metadata?.icons ?? [],
      },
      storage: createWalletConnectStorage({ initial: init.storage, host: context.storage, log: context.log }),
      logLevel: init.debug ? 'warn' : 'error',
    })

  const connector: WalletConnectConnector = createWalletConnectConnector({
    loadClient,
    chainIds: () => init.networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.id),
    activeChainId: context.activeChainId,
    reusePairing: reusesPairing({
      userAgent: context.options?.userAgent ?? globalThis.navigator?.userAgent ?? '',
      telegram: isTelegramFrame(),
    }),
    onPairing: (pairing) => update({ pairing }),
    onEvent: context.onEvent,
    // Spec §3 "deep-link choice": on mobile the wallet app opened once to connect is opened again
    // for each request it must answer, as the user is not looking at it.
    onWalletPrompt() {
      const choice = init.isMobile && context.storage.getJson(STORAGE_KEYS.deepLinkChoice, isDeepLinkChoice)
      if (choice) context.openDeepLink(choice.href)
    },
    log: context.log,
  })

  return {
    connector,
    setFlow(flow: WalletConnectState['flow'], message?: string) {
      update({ flow, message: flow === 'requesting' ? undefined : message })
    },
    setListing(listing: WalletListing | undefined) {
      update({ listing })
    },
    /** The user opened the picked wallet's app from the pairing view: kept to reopen it (mobile). */
    chooseDeepLink() {
      const { listing } = store.get().walletConnect
      const choice = init.isMobile && listing ? deepLinkChoiceOf(listing) : undefined
      if (choice) context.storage.setJson(STORAGE_KEYS.deepLinkChoice, choice)
    },
    /** The connector to re-sync after a reload, when the stored connector id is WalletConnect's. */
    restorable(connectorId: string | undefined): WalletConnectConnector | undefined {
      return connectorId === WALLETCONNECT_CONNECTOR_ID ? connector : undefined
    },
  }
}
