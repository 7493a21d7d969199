/** Announces the WalletFrame provider over EIP-6963, so that any dapp that discovers wallets finds it. */
import { EIP6963_EVENTS, WALLETFRAME_NAME, WALLETFRAME_RDNS } from '@walletframe/protocol/host'

/** An indigo tile with a frame in it; small on purpose (it ships in every SDK download). */
const ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' rx='2' fill='%234f46e5'/><path d='M2 2.5h4v3H2z' fill='none' stroke='%23fff' stroke-width='.5'/></svg>"

/**
 * `randomUUID` exists only in secure contexts, but an http page still needs a v4 uuid: each digit
 * of the template is replaced by a random one, the version (4) and variant (8-b) bits kept.
 */
function uuid(crypto: Crypto): string {
  return (
    crypto.randomUUID?.() ??
    '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
      (+digit ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+digit / 4)))).toString(16),
    )
  )
}

/**
 * Announces now and on every `eip6963:requestProvider`; returns the function that stops answering.
 * One WalletFrame provider per page: while another instance's answers (its rdns is the same
 * WALLETFRAME_RDNS), this one stays silent, so a wallet list shows WalletFrame once, and wagmi, which
 * names an announced provider's connector by its rdns, never meets two providers under one id.
 */
export function announceProvider(win: Window, provider: object): () => void {
  let taken = false
  const probe = (event: Event) => {
    taken ||= (event as CustomEvent).detail?.info?.rdns === WALLETFRAME_RDNS
  }
  win.addEventListener(EIP6963_EVENTS.announce, probe)
  // Announcements answer a request synchronously, within this dispatch.
  win.dispatchEvent(new Event(EIP6963_EVENTS.request))
  win.removeEventListener(EIP6963_EVENTS.announce, probe)
  if (taken) return () => {}
  const info = Object.freeze({
    uuid: uuid(win.crypto),
    name: WALLETFRAME_NAME,
    icon: ICON,
    rdns: WALLETFRAME_RDNS,
  })
  const detail = Object.freeze({ info, provider })
  const announce = () => win.dispatchEvent(new CustomEvent(EIP6963_EVENTS.announce, { detail }))
  win.addEventListener(EIP6963_EVENTS.request, announce)
  announce()
  return () => win.removeEventListener(EIP6963_EVENTS.request, announce)
}
