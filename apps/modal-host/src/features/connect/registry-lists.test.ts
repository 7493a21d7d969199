import type { WalletListingEntry } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import {
  allWalletsListings,
  appendPage,
  detectedWallets,
  featuredList,
  recommendedList,
  withoutDetected,
} from './registry-lists.ts'

const listing = (n: number, rdns: string | null = null): WalletListingEntry => ({
  id: n.toString(16).padStart(64, '0'),
  name: `Wallet ${n}`,
  image_id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  rdns,
  chains: ['eip155:1'],
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  badge_type: 'none',
  installed: false,
})

describe('registry lists', () => {
  const installed = detectedWallets(
    [{ id: 'io.metamask.mobile', rdns: 'io.metamask.mobile' }],
    [{ id: listing(9).id }, { id: 'com.harbor', rdns: 'com.harbor' }],
  )

  it('removes wallets already detected, by rdns (mobile MetaMask as desktop) or id', () => {
    const list = [
      listing(1, 'io.metamask'),
      listing(2, 'com.harbor'),
      listing(3),
      listing(9),
      listing(4, 'x.y'),
    ]
    expect(withoutDetected(list, installed).map((l) => l.name)).toEqual(['Wallet 3', 'Wallet 4'])
  })

  it('keeps featured in the integrator order, at most 4, and recommended after them', () => {
    const entries = [1, 2, 3, 4, 5, 6].map((n) => listing(n))
    const ids = [6, 5, 4, 3, 2, 1].map((n) => listing(n).id)
    const featured = featuredList(entries, ids, detectedWallets([], []))
    expect(featured.map((l) => l.name)).toEqual(['Wallet 6', 'Wallet 5', 'Wallet 4', 'Wallet 3'])
    const recommended = recommendedList(
      [listing(6), listing(7, 'io.metamask'), listing(8), listing(10), listing(11), listing(12)],
      featured,
      installed,
    )
    expect(recommended.map((l) => l.name)).toEqual(['Wallet 8', 'Wallet 10', 'Wallet 11', 'Wallet 12'])
  })

  it('merges pages without repeating a wallet, featured and recommended first', () => {
    expect(appendPage([listing(1)], [listing(1), listing(2)]).map((l) => l.name)).toEqual([
      'Wallet 1',
      'Wallet 2',
    ])
    const all = allWalletsListings({
      featured: [listing(3)],
      recommended: [listing(4)],
      pages: [listing(1), listing(3), listing(4), listing(9), listing(5)],
      detected: installed,
    })
    expect(all.map((l) => l.name)).toEqual(['Wallet 3', 'Wallet 4', 'Wallet 1', 'Wallet 5'])
  })
})
