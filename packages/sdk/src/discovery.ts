/**
 * Finds the wallets injected into the host page: EIP-6963 announcements, and a legacy
 * `window.ethereum` that announced nothing. The modal only ever sees their descriptors; the
 * providers stay here, and the SDK runs the calls the modal asks of them.
 */
import type { WalletDescriptor } from '@walletframe/protocol/host'
import {
  EIP6963_EVENTS,
  LEGACY_INJECTED_ID,
  LEGACY_INJECTED_NAME,
  WALLETFRAME_RDNS,
} from '@walletframe/protocol/host'
import type { ProviderEvent } from './provider.ts'

export interface WalletProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (data: unknown) => void): unknown
  removeListener?(event: string, listener: (data: unknown) => void): unknown
}

export interface InjectedWallet {
  descriptor: WalletDescriptor
  provider: WalletProvider
}

export interface Discovery {
  /** Announced wallets, then the legacy one; each provider is listened to once. */
  list(): InjectedWallet[]
  /** What the modal is told (its schema accepts at most 100). */
  descriptors(): WalletDescriptor[]
  /** A wallet an adapter found (Wallet Standard): listed like an announced one, under its descriptor's id. */
  add(wallet: InjectedWallet): void
  stop(): void
}

const EVENTS: ProviderEvent[] = ['connect', 'disconnect', 'accountsChanged', 'chainChanged', 'message']

/**
 * A WalletFrame provider (this SDK's, or another instance's) is never a wallet of the page: listed,
 * its requests would come back to the modal that sent them, a loop (issue 10). A dapp may well set
 * `window.ethereum` to it, or a wrapper re-announce it under another rdns.
 */
const isWalletFrame = (provider: WalletProvider) =>
  (provider as { isWalletFrame?: unknown }).isWalletFrame === true
/** Longest icon the modal accepts: a longer one is dropped rather than losing the wallet. */
const MAX_ICON = 200_000

export function discoverWallets(
  win: Window,
  eip6963: boolean,
  onChange: () => void,
  onEvent: (walletId: string, event: ProviderEvent, data: unknown) => void,
): Discovery {
  const announced = new Map<string, InjectedWallet>()
  const watched = new Map<WalletProvider, () => void>()

  const watch = (provider: WalletProvider) => {
    if (watched.has(provider)) return
    const offs = EVENTS.map((event) => {
      // The id is looked up when the event fires: a legacy provider may be announced later.
      const listener = (data: unknown) => {
        const wallet = list().find((w) => w.provider === provider)
        if (wallet) onEvent(wallet.descriptor.id, event, data)
      }
      provider.on?.(event, listener)
      return () => provider.removeListener?.(event, listener)
    })
    watched.set(provider, () => {
      for (const off of offs) off()
    })
  }

  const list = () => {
    const wallets = [...announced.values()]
    // Read on every call: a legacy wallet may inject itself after the SDK started.
    const legacy = (win as unknown as { ethereum?: WalletProvider }).ethereum
    if (
      typeof legacy?.request === 'function' &&
      !isWalletFrame(legacy) &&
      !wallets.some((w) => w.provider === legacy)
    ) {
      wallets.push({
        descriptor: { id: LEGACY_INJECTED_ID, name: LEGACY_INJECTED_NAME, type: 'INJECTED', installed: true },
        provider: legacy,
      })
    }
    for (const wallet of wallets) watch(wallet.provider)
    return wallets
  }

  const add = (wallet: InjectedWallet) => {
    announced.set(wallet.descriptor.id, wallet)
    watch(wallet.provider)
    onChange()
  }

  const onAnnounce = (event: Event) => {
    const { info, provider } = ((event as CustomEvent).detail ?? {}) as {
      info?: Record<string, unknown>
      provider?: WalletProvider
    }
    const fields = [info?.uuid, info?.name, info?.icon, info?.rdns]
    if (!fields.every((f) => typeof f === 'string' && f) || typeof provider?.request !== 'function') return
    const { name, icon, rdns } = info as { name: string; icon: string; rdns: string }
    // Our own announcement (or another WalletFrame's) is not a wallet to offer in the modal.
    if (rdns === WALLETFRAME_RDNS || isWalletFrame(provider) || rdns.length > 128) return
    // The first provider announced under an rdns keeps it: the same one announces again on every
    // request, and another one claiming that rdns (any script may) must not silently take over the
    // wallet the user picked or connected, whose requests and signatures would then go to it.
    if (announced.has(rdns)) return
    add({
      descriptor: {
        id: rdns,
        name: name.slice(0, 64),
        icon: icon.length > MAX_ICON ? undefined : icon,
        rdns,
        type: 'ANNOUNCED',
        installed: true,
      },
      provider,
    })
  }

  if (eip6963) {
    win.addEventListener(EIP6963_EVENTS.announce, onAnnounce)
    win.dispatchEvent(new Event(EIP6963_EVENTS.request))
  }
  return {
    list,
    add,
    descriptors: () =>
      list()
        .slice(0, 100)
        .map((w) => w.descriptor),
    stop() {
      win.removeEventListener(EIP6963_EVENTS.announce, onAnnounce)
      for (const off of watched.values()) off()
      watched.clear()
    },
  }
}
