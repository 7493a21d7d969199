/** Announces the WalletFrame provider over EIP-6963, so that any dapp that discovers wallets finds it. */
import { EIP6963_EVENTS, WALLETFRAME_NAME, WALLETFRAME_RDNS } from '@walletframe/protocol/host'

/**
 * An indigo tile with a frame in it; small on purpose (it ships in every SDK download). The Solana
 * adapter's Wallet Standard registration shows it too.
 */
export const WALLETFRAME_ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='%234f46e5'><rect width='16' height='16' rx='4'/><path d='M4 5h8v6H4z' stroke='%23fff'/></svg>"

/**
 * A v4 uuid from `getRandomValues`, which every page has (`randomUUID` exists only in secure
 * contexts): each digit of the template is replaced by a random one, the version (4) and variant
 * (8-b) bits kept.
 */
const uuid = (crypto: Crypto): string =>
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+digit / 4)))).toString(16),
  )

/**
 * Announces now and on every `eip6963:requestProvider`; returns the function that stops answering.
 * Every instance is its own provider (its own uuid) under the one WALLETFRAME_RDNS: wagmi keys an
 * announced provider's connector by its rdns, so a second instance in the page adds no second
 * connector (and the `@walletframe/wagmi` connector, whose rdns is the same, hides them all).
 */
export function announceProvider(win: Window, provider: object): () => void {
  const info = Object.freeze({
    uuid: uuid(win.crypto),
    name: WALLETFRAME_NAME,
    icon: WALLETFRAME_ICON,
    rdns: WALLETFRAME_RDNS,
  })
  const detail = Object.freeze({ info, provider })
  const announce = () => win.dispatchEvent(new CustomEvent(EIP6963_EVENTS.announce, { detail }))
  win.addEventListener(EIP6963_EVENTS.request, announce)
  announce()
  return () => win.removeEventListener(EIP6963_EVENTS.request, announce)
}
