import { describe, expect, it } from 'vitest'
import {
  deepLinkChoiceOf,
  isDeepLinkChoice,
  pairingLink,
  type WalletListing,
  walletLinks,
} from './deep-links.ts'

const URI = 'wc:abc123@2?relay-protocol=irn&symKey=def456&expiryTimestamp=1700000000'
const ENCODED = encodeURIComponent(URI)

describe('pairingLink', () => {
  it('native schemes become <scheme>://wc?uri=…', () => {
    expect(pairingLink('metamask://', URI)).toBe(`metamask://wc?uri=${ENCODED}`)
    expect(pairingLink('rainbow:', URI)).toBe(`rainbow://wc?uri=${ENCODED}`)
    expect(pairingLink('trust', URI)).toBe(`trust://wc?uri=${ENCODED}`)
    expect(pairingLink('zerion://app', URI)).toBe(`zerion://app/wc?uri=${ENCODED}`)
  })

  it('universal and web links become <link>/wc?uri=…', () => {
    expect(pairingLink('https://link.example.app', URI)).toBe(`https://link.example.app/wc?uri=${ENCODED}`)
    expect(pairingLink('https://wallet.example/app/', URI)).toBe(
      `https://wallet.example/app/wc?uri=${ENCODED}`,
    )
  })

  it('encodes twice for Telegram on Android', () => {
    expect(pairingLink('metamask://', URI, { doubleEncode: true })).toBe(
      `metamask://wc?uri=${encodeURIComponent(ENCODED)}`,
    )
  })

  it('refuses links that would run code or read local data', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript://x',
      'data:text/html,x',
      'file:///etc',
      'vbscript:x',
      ' ',
      'a b://',
    ])
      expect(pairingLink(bad, URI)).toBeUndefined()
    expect(pairingLink('https://', URI)).toBeUndefined()
  })
})

describe('walletLinks', () => {
  const listing: WalletListing = {
    id: 'example',
    name: 'Example Wallet',
    mobile_link: 'examplewallet://',
    desktop_link: 'examplewallet-desktop:',
    webapp_link: 'https://web.example-wallet.app',
  }

  it('offers the app link on mobile and the desktop app elsewhere, plus the web app', () => {
    expect(walletLinks(listing, URI, { isMobile: true })).toEqual({
      mobile: `examplewallet://wc?uri=${ENCODED}`,
      web: `https://web.example-wallet.app/wc?uri=${ENCODED}`,
    })
    expect(walletLinks(listing, URI, { isMobile: false })).toEqual({
      desktop: `examplewallet-desktop://wc?uri=${ENCODED}`,
      web: `https://web.example-wallet.app/wc?uri=${ENCODED}`,
    })
  })

  it('leaves out missing links and a web link that is not http(s)', () => {
    expect(
      walletLinks({ id: 'x', name: 'X', mobile_link: null, webapp_link: 'x-app://' }, URI, {
        isMobile: true,
      }),
    ).toEqual({})
  })
})

describe('deep-link choice (spec §3)', () => {
  const listing = (mobile_link: string | null) => ({ id: 'w', name: 'Wallet', mobile_link })
  it("keeps a wallet's own app link, normalised, and nothing for web or unsafe links", () => {
    expect(deepLinkChoiceOf(listing('rainbow:'))).toEqual({ name: 'Wallet', href: 'rainbow://' })
    expect(deepLinkChoiceOf(listing('metamask://'))).toEqual({ name: 'Wallet', href: 'metamask://' })
    expect(deepLinkChoiceOf(listing('https://rnbwapp.com'))).toBeUndefined()
    expect(deepLinkChoiceOf(listing('javascript:alert(1)'))).toBeUndefined()
    expect(deepLinkChoiceOf(listing(null))).toBeUndefined()
  })
  it('believes a stored choice only if it could have been made here', () => {
    expect(isDeepLinkChoice({ name: 'Rainbow', href: 'rainbow://' })).toBe(true)
    expect(isDeepLinkChoice({ name: 'Evil', href: 'https://evil.example/' })).toBe(false)
    expect(isDeepLinkChoice({ name: 'Evil', href: 'data://x' })).toBe(false)
    expect(isDeepLinkChoice({ href: 'rainbow://' })).toBe(false)
    expect(isDeepLinkChoice(null)).toBe(false)
  })
})
