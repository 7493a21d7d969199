/**
 * Headless mode (issue 13): the wallets the Connect view would show, in its order, as the SDK's
 * `listWallets()` gives them to integrators who draw their own buttons; and `connect({ walletId })`,
 * which starts that one wallet's flow, never the wallet list: a page wallet's own prompt (the modal
 * shows its ConnectingExternal view), a WalletConnect wallet's QR code, the email login of the
 * embedded wallet (the Connect view, whose first entry it is).
 */
import {
  MODAL_ERRORS,
  type WalletDescriptor,
  WalletFrameError,
  type WalletListing,
} from '@walletframe/protocol'
import { connectRows } from '../features/connect/connect-rows.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/index.ts'
import type { Registry } from '../features/registry/registry.ts'
import {
  type WalletListing as PairingListing,
  showsWalletConnectEntry,
  WALLETCONNECT_CONNECTOR_ID,
} from '../features/walletconnect/index.ts'
import type { Store } from '../ui/store.ts'

/** The generic WalletConnect entry (the QR code for any wallet), named as its connector is. */
const WALLETCONNECT_ENTRY = { id: WALLETCONNECT_CONNECTOR_ID, name: 'WalletConnect' } as const

/** A listed wallet and what connecting it starts. */
type Entry = WalletListing &
  (
    | { start: 'page'; wallet: WalletDescriptor }
    | { start: 'pairing'; listing?: PairingListing }
    | { start: 'email' }
  )

export interface HeadlessContext {
  store: Store<SessionState>
  registry(): Registry | undefined
  open(): void
  selectWallet(wallet: WalletDescriptor): void
  selectWalletConnect(listing?: PairingListing): void
}

export function headlessIntents(context: HeadlessContext) {
  const { store } = context

  /** What the Connect view lists now; the registry's featured and recommended wallets loaded first. */
  const entries = async (): Promise<Entry[]> => {
    const registry = context.registry()
    const registryShown = store.get().dataAvailable && store.get().walletConnect.available
    if (registry && registryShown) await registry.loadHighlights()
    const state = store.get()
    const view = connectRows({
      init: state.init!,
      wallets: state.wallets,
      recent: state.recent,
      walletConnect: showsWalletConnectEntry(state.walletConnect, state.account),
      email: state.embedded.available,
      socials: state.social.providers.length > 0,
      highlights: registry && registryShown ? state.registry : undefined,
    })
    const email: Entry[] = view.methods.includes('email')
      ? [{ id: EMBEDDED_CONNECTOR_ID, name: 'Email', type: 'embedded', installed: false, start: 'email' }]
      : []
    const wallets: Entry[] = !view.methods.includes('wallet')
      ? []
      : view.rows.map((row): Entry => {
          switch (row.kind) {
            case 'wallet': {
              const { id, name, icon } = row.wallet
              return {
                id,
                name,
                ...(icon ? { icon } : {}),
                type: 'injected',
                installed: true,
                start: 'page',
                wallet: row.wallet,
              }
            }
            case 'walletConnect':
              return { ...WALLETCONNECT_ENTRY, type: 'walletConnect', installed: false, start: 'pairing' }
            case 'registry': {
              const listing = registry!.listing(row.entry)
              return {
                id: listing.id,
                name: listing.name,
                icon: listing.image_url,
                type: 'walletConnect',
                installed: false,
                start: 'pairing',
                listing,
              }
            }
            default: {
              // A custom wallet (spec §3), connected over WalletConnect with its own links.
              const { id, name, image_url } = row.wallet
              return {
                id,
                name,
                ...(image_url ? { icon: image_url } : {}),
                type: 'custom',
                installed: false,
                start: 'pairing',
                listing: row.wallet,
              }
            }
          }
        })
    // The Connect view's order of its methods: the email login first or last, as it draws them.
    return view.methods.indexOf('email') < view.methods.indexOf('wallet')
      ? [...email, ...wallets]
      : [...wallets, ...email]
  }

  return {
    async listWallets(): Promise<WalletListing[]> {
      return (await entries()).map(({ id, name, icon, type, installed }) => ({
        id,
        name,
        ...(icon ? { icon } : {}),
        type,
        installed,
      }))
    },
    /** Starts `walletId`'s flow (connected already: nothing to start); the caller waits for the connection. */
    async connectWallet(walletId: string): Promise<void> {
      const entry = (await entries()).find((candidate) => candidate.id === walletId)
      if (!entry) throw new WalletFrameError(MODAL_ERRORS.unknownWallet, { details: walletId })
      if (store.get().account.status === 'connected') return
      context.open()
      if (entry.start === 'page') context.selectWallet(entry.wallet)
      else if (entry.start === 'pairing') context.selectWalletConnect(entry.listing)
    },
  }
}
