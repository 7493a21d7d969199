import type { WalletDescriptor } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { connectMethodOrder, isWalletVisible, orderedWalletList, withRecentWallet } from './wallet-list.ts'

const wallet = (over: Partial<WalletDescriptor>): WalletDescriptor => ({
  id: over.rdns ?? 'injected',
  name: 'Wallet',
  type: 'ANNOUNCED',
  installed: true,
  ...over,
})
const alpha = wallet({ rdns: 'io.alpha', name: 'Alpha' })
const beta = wallet({ rdns: 'io.beta', name: 'Beta' })
const legacy = wallet({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' })

describe('connector visibility (spec §5)', () => {
  it('hides the injected Browser Wallet on non-mobile and shows it on mobile', () => {
    expect(isWalletVisible(legacy, [], false)).toBe(false)
    expect(isWalletVisible(legacy, [], true)).toBe(true)
  })
  it('leaves Solana and Bitcoin wallets to their namespace’s Connect view (issue 15)', () => {
    const standard = { type: 'WALLET_STANDARD', installed: true } as const
    expect(isWalletVisible(wallet({ ...standard, name: 'Phantom', namespace: 'solana' }), [], false)).toBe(
      false,
    )
    expect(isWalletVisible(wallet({ ...standard, name: 'Xverse', namespace: 'bip122' }), [], false)).toBe(
      false,
    )
    expect(isWalletVisible(wallet({ rdns: 'io.alpha', namespace: 'eip155' }), [], false)).toBe(true)
  })
  it('needs an rdns or an installed check', () => {
    expect(isWalletVisible(wallet({ name: 'X', installed: false }), [], true)).toBe(false)
    expect(isWalletVisible(wallet({ rdns: 'io.x', installed: false }), [], true)).toBe(true)
  })
  it('hides wallets whose rdns or name is excluded, case-insensitively', () => {
    expect(isWalletVisible(alpha, ['IO.ALPHA'], false)).toBe(false)
    expect(isWalletVisible(alpha, ['alpha'], false)).toBe(false)
    expect(isWalletVisible(alpha, ['beta'], false)).toBe(true)
  })
  it('treats the mobile MetaMask rdns as the desktop one when excluding', () => {
    expect(
      isWalletVisible(wallet({ rdns: 'io.metamask.mobile', name: 'MetaMask' }), ['io.metamask'], false),
    ).toBe(false)
  })
})

describe('wallet order (spec §9 default connector type order)', () => {
  it('lists recent wallets before the other injected wallets', () => {
    const list = orderedWalletList({
      wallets: [alpha, beta],
      recent: [{ id: 'io.beta', name: 'Beta' }],
      excludeWalletIds: [],
      isMobile: false,
    })
    expect(list.map((e) => [e.wallet.name, e.section])).toEqual([
      ['Beta', 'recent'],
      ['Alpha', 'injected'],
    ])
  })
  it('follows a configured connectorTypeOrder', () => {
    const list = orderedWalletList({
      wallets: [alpha, beta],
      recent: [{ id: 'io.beta', name: 'Beta' }],
      excludeWalletIds: [],
      isMobile: false,
      connectorTypeOrder: ['injected', 'recent'],
    })
    expect(list.map((e) => e.wallet.name)).toEqual(['Alpha', 'Beta'])
  })
  it('keeps two recent wallets, newest first, without duplicates', () => {
    let recent = withRecentWallet([], alpha)
    recent = withRecentWallet(recent, beta)
    recent = withRecentWallet(recent, alpha)
    expect(recent.map((r) => r.id)).toEqual(['io.alpha', 'io.beta'])
    recent = withRecentWallet(recent, wallet({ rdns: 'io.gamma', name: 'Gamma' }))
    expect(recent.map((r) => r.id)).toEqual(['io.gamma', 'io.alpha'])
  })
})

describe('connect-method order (spec §2)', () => {
  it('is email, social, wallet by default', () => {
    expect(connectMethodOrder({}, false)).toEqual(['email', 'social', 'wallet'])
  })
  it('puts wallets first when injected or announced wallets are shown', () => {
    expect(connectMethodOrder({}, true)).toEqual(['wallet', 'email', 'social'])
  })
  it('uses the configured order when set', () => {
    expect(connectMethodOrder({ connectMethodsOrder: ['social', 'wallet'] }, true)).toEqual([
      'social',
      'wallet',
    ])
  })
})
