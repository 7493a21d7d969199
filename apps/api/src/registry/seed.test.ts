import { IMAGE_ID_PATTERN, WALLET_ID_PATTERN } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { generateWallets, imageIdFor, SEED_WALLET_COUNT, walletIdFor } from './seed.ts'

const ALLOWED_CHAINS = new Set([
  'eip155:1',
  'eip155:10',
  'eip155:137',
  'eip155:8453',
  'eip155:42161',
  'eip155:31337',
  'eip155:31338',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
])

describe('generateWallets', () => {
  const wallets = generateWallets()

  it('is deterministic and large enough', () => {
    expect(wallets.length).toBe(SEED_WALLET_COUNT)
    expect(SEED_WALLET_COUNT).toBeGreaterThanOrEqual(300)
    expect(generateWallets()).toEqual(wallets)
  })

  it('gives unique, well-formed ids, names, image ids, rdns and ranks', () => {
    for (const key of ['id', 'name', 'image_id', 'rank'] as const) {
      expect(new Set(wallets.map((wallet) => wallet[key])).size).toBe(wallets.length)
    }
    const rdns = wallets.flatMap((wallet) => (wallet.rdns ? [wallet.rdns] : []))
    expect(new Set(rdns).size).toBe(rdns.length)
    for (const wallet of wallets) {
      expect(wallet.id).toMatch(WALLET_ID_PATTERN)
      expect(wallet.image_id).toMatch(IMAGE_ID_PATTERN)
      expect(wallet.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/)
      if (wallet.rdns) expect(wallet.rdns).toMatch(/^example\.[a-z0-9]+$/)
    }
    expect([...wallets.map((wallet) => wallet.rank)].sort((a, b) => a - b)).toEqual(
      wallets.map((_, index) => index + 1),
    )
  })

  it('keeps a wallet id when the catalogue changes, since it hashes the slug', () => {
    const harbor = wallets.find((wallet) => wallet.name === 'Harbor Wallet')
    if (harbor) expect(harbor.id).toBe(walletIdFor('harborwallet'))
    expect(imageIdFor('x')).not.toBe(imageIdFor('x', 2))
  })

  it('lists known chains only, with a realistic mix, and links on reserved domains only', () => {
    for (const wallet of wallets) {
      expect(wallet.chains.length).toBeGreaterThan(0)
      for (const chain of wallet.chains) expect(ALLOWED_CHAINS.has(chain)).toBe(true)
      for (const link of [wallet.webapp_link, wallet.mobile_link, wallet.desktop_link]) {
        if (link?.startsWith('http')) expect(new URL(link).hostname).toMatch(/\.example$/)
        else if (link) expect(link).toMatch(/^[a-z][a-z0-9-]*:\/\/$/)
      }
      expect(wallet.mobile_link ?? wallet.desktop_link ?? wallet.webapp_link ?? wallet.rdns).not.toBeNull()
    }
    const share = (test: (chains: string[]) => boolean) =>
      wallets.filter((wallet) => test(wallet.chains)).length / wallets.length
    expect(share((chains) => chains.some((chain) => chain.startsWith('solana:')))).toBeGreaterThan(0.1)
    expect(share((chains) => chains.every((chain) => chain.startsWith('solana:')))).toBeGreaterThan(0.02)
    expect(share((chains) => chains.includes('eip155:31337'))).toBeGreaterThan(0.5)
    const certified = wallets.filter((wallet) => wallet.badge_type === 'certified').length
    expect(certified).toBeGreaterThan(20)
    expect(certified).toBeLessThan(wallets.length / 2)
  })
})
