/**
 * Which registry wallets the modal lists (spec §5 "Connector visibility", §9 counts): wallets the
 * page already has (announced, injected or recent; by rdns or id, a mobile MetaMask rdns counting as
 * the desktop one) are removed from the featured, recommended and paged lists; featured keep the
 * integrator's order. Pure: tested without UI.
 */
import {
  LIMITS,
  type RecentWallet,
  type WalletDescriptor,
  type WalletListingEntry,
} from '@walletframe/protocol'
import { canonicalRdns } from './wallet-list.ts'

export interface DetectedWallets {
  ids: ReadonlySet<string>
  rdns: ReadonlySet<string>
}

export function detectedWallets(
  wallets: readonly Pick<WalletDescriptor, 'id' | 'rdns'>[],
  recent: readonly Pick<RecentWallet, 'id' | 'rdns'>[],
): DetectedWallets {
  const all = [...wallets, ...recent]
  const ids = new Set(all.map((wallet) => wallet.id.toLowerCase()))
  const rdns = new Set<string>()
  for (const wallet of all) {
    const name = canonicalRdns(wallet.rdns)
    if (name) rdns.add(name.toLowerCase())
  }
  return { ids, rdns }
}

export function isDetected(
  listing: Pick<WalletListingEntry, 'id' | 'rdns'>,
  detected: DetectedWallets,
): boolean {
  if (detected.ids.has(listing.id.toLowerCase())) return true
  const rdns = canonicalRdns(listing.rdns ?? undefined)?.toLowerCase()
  return rdns !== undefined && (detected.rdns.has(rdns) || detected.ids.has(rdns))
}

export function withoutDetected<T extends Pick<WalletListingEntry, 'id' | 'rdns'>>(
  listings: readonly T[],
  detected: DetectedWallets,
): T[] {
  return listings.filter((listing) => !isDetected(listing, detected))
}

/** Featured wallets in the integrator's order, detected ones removed, at most 4. */
export function featuredList(
  listings: readonly WalletListingEntry[],
  featuredIds: readonly string[],
  detected: DetectedWallets,
): WalletListingEntry[] {
  const rank = (id: string) => featuredIds.indexOf(id)
  return withoutDetected(
    listings.filter((listing) => rank(listing.id) !== -1),
    detected,
  )
    .sort((a, b) => rank(a.id) - rank(b.id))
    .slice(0, LIMITS.featuredWallets)
}

/** Recommended wallets: not featured, not detected, at most 4, in the registry's order. */
export function recommendedList(
  listings: readonly WalletListingEntry[],
  featured: readonly WalletListingEntry[],
  detected: DetectedWallets,
): WalletListingEntry[] {
  const featuredIds = new Set(featured.map((listing) => listing.id))
  return withoutDetected(
    listings.filter((listing) => !featuredIds.has(listing.id)),
    detected,
  ).slice(0, LIMITS.recommendedWallets)
}

/** Appends a page to the paged list: an id already listed keeps its first place. */
export function appendPage(
  known: readonly WalletListingEntry[],
  page: readonly WalletListingEntry[],
): WalletListingEntry[] {
  const seen = new Set(known.map((listing) => listing.id))
  const added = page.filter((listing) => !seen.has(listing.id) && seen.add(listing.id))
  return [...known, ...added]
}

/**
 * The AllWallets registry part: featured, then recommended, then the pages, each wallet once and
 * no detected wallet (the host's installed wallets are listed before all of these by the view).
 */
export function allWalletsListings(input: {
  featured: readonly WalletListingEntry[]
  recommended: readonly WalletListingEntry[]
  pages: readonly WalletListingEntry[]
  detected: DetectedWallets
}): WalletListingEntry[] {
  return withoutDetected(
    appendPage(appendPage([...input.featured], input.recommended), input.pages),
    input.detected,
  )
}
