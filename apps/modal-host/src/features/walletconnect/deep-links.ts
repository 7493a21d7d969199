/**
 * Links that hand the pairing URI to a wallet app, built from its wallet-registry entry
 * (spec §3 "Wallet listing entry": mobile_link, desktop_link, webapp_link). Pure functions: the
 * registry arrives in a later issue, the view uses these when it is given an entry.
 *
 * - A native link (`rainbow:`, `metamask://`) becomes `<scheme>://wc?uri=<encoded URI>`.
 * - A universal or web link (`https://…`) becomes `<link>/wc?uri=<encoded URI>`.
 * Registry data is not trusted: schemes that run code or read local data are refused.
 */

/** The registry fields this needs (the full entry comes with the registry issue). */
export interface WalletListing {
  id: string
  name: string
  image_url?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

export interface WalletLinks {
  mobile?: string
  desktop?: string
  web?: string
}

const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem'])

export const isHttpUrl = (url: string): boolean => /^https?:\/\//i.test(url)

function scheme(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()
}

/** The wallet app link normalised to end in `/`, or undefined when it is unusable. */
function safeBase(appUrl: string): string | undefined {
  let base = appUrl.trim()
  if (!base || /\s/.test(base)) return undefined
  if (isHttpUrl(base)) {
    try {
      new URL(base)
    } catch {
      return undefined
    }
  } else if (!base.includes('://')) {
    // A bare scheme such as "rainbow:" or "trust": registries list both forms. Anything more
    // ("vbscript:x") is not a wallet link.
    const bare = /^([a-z][a-z0-9+.-]*):?\/*$/i.exec(base)
    if (!bare) return undefined
    base = `${bare[1]}://`
  }
  const name = scheme(base)
  if (!name || FORBIDDEN_SCHEMES.has(name)) return undefined
  return base.endsWith('/') ? base : `${base}/`
}

/**
 * `<app>wc?uri=<URI>`. Telegram's Android web view decodes the link once before handing it to the
 * app, so there the URI is encoded twice.
 */
export function pairingLink(appUrl: string, uri: string, options: { doubleEncode?: boolean } = {}) {
  const base = safeBase(appUrl)
  if (!base) return undefined
  const encoded = encodeURIComponent(uri)
  return `${base}wc?uri=${options.doubleEncode ? encodeURIComponent(encoded) : encoded}`
}

/** The links the view offers for one wallet: on mobile its app link, on desktop its desktop and web apps. */
export function walletLinks(
  listing: WalletListing,
  uri: string,
  platform: { isMobile: boolean; telegramAndroid?: boolean },
): WalletLinks {
  const links: WalletLinks = {}
  const doubleEncode = platform.telegramAndroid === true
  if (platform.isMobile && listing.mobile_link) {
    const mobile = pairingLink(listing.mobile_link, uri, { doubleEncode })
    if (mobile) links.mobile = mobile
  }
  if (!platform.isMobile && listing.desktop_link) {
    const desktop = pairingLink(listing.desktop_link, uri)
    if (desktop) links.desktop = desktop
  }
  if (listing.webapp_link && isHttpUrl(listing.webapp_link.trim())) {
    const web = pairingLink(listing.webapp_link, uri)
    if (web) links.web = web
  }
  return links
}

/** Spec §3 "deep-link choice": the wallet app a mobile user opened, reopened for later requests. */
export interface DeepLinkChoice {
  name: string
  /** The app's own link (`rainbow://`): web links would send the page away, so they are not kept. */
  href: string
}

/** The choice kept when a mobile user opens `listing`'s app; none for a wallet without an app link. */
export function deepLinkChoiceOf(listing: WalletListing): DeepLinkChoice | undefined {
  const href = listing.mobile_link ? safeBase(listing.mobile_link) : undefined
  if (!href || isHttpUrl(href) || !/^[a-z][a-z0-9+.-]*:\/\//.test(href)) return undefined
  return { name: listing.name, href }
}

/** Host storage is the page's: only a choice that would have been made here is believed. */
export const isDeepLinkChoice = (value: unknown): value is DeepLinkChoice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DeepLinkChoice).name === 'string' &&
  typeof (value as DeepLinkChoice).href === 'string' &&
  deepLinkChoiceOf({ id: '', name: '', mobile_link: (value as DeepLinkChoice).href })?.href ===
    (value as DeepLinkChoice).href
