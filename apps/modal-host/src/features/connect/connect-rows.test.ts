import type { ModalInit, WalletDescriptor, WalletListingEntry } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { connectRows } from './connect-rows.ts'

const wallet = (rdns: string, name: string): WalletDescriptor => ({
  id: rdns,
  rdns,
  name,
  type: 'ANNOUNCED',
  installed: true,
})
const alpha = wallet('io.alpha', 'Alpha')
const beta = wallet('io.beta', 'Beta')
const listing = (id: string): WalletListingEntry => ({ id, name: id }) as WalletListingEntry
const init = (features: ModalInit['features'] = {}) => ({ excludeWalletIds: [], isMobile: false, features })
const kinds = (rows: ReturnType<typeof connectRows>['rows']) =>
  rows.map((row) =>
    row.kind === 'wallet'
      ? row.wallet.id
      : row.kind === 'registry'
        ? `registry:${row.entry.id}`
        : row.kind === 'custom'
          ? `custom:${row.wallet.id}`
          : row.kind,
  )

describe('the Connect view rows (spec §2, §5, §9)', () => {
  it('lists WalletConnect first, then recent and installed wallets, then featured and recommended', () => {
    const view = connectRows({
      init: init(),
      wallets: [alpha, beta],
      recent: [{ id: 'io.beta', name: 'Beta' }],
      walletConnect: true,
      highlights: { featured: [listing('f1')], recommended: [listing('r1')] },
    })
    expect(kinds(view.rows)).toEqual(['walletConnect', 'io.beta', 'io.alpha', 'registry:f1', 'registry:r1'])
    expect(view.rows[1]).toMatchObject({ section: 'recent' })
    expect(view).toMatchObject({ empty: false, showAllWallets: true, installedCount: 2, methods: ['wallet'] })
  })

  it('follows the integrator’s connector type order, and leaves out what it does not name', () => {
    const view = connectRows({
      init: init({ connectorTypeOrder: ['injected', 'walletConnect', 'recommended'] }),
      wallets: [alpha],
      recent: [],
      walletConnect: true,
      highlights: { featured: [listing('f1')], recommended: [listing('r1')] },
    })
    expect(kinds(view.rows)).toEqual(['io.alpha', 'walletConnect', 'registry:r1'])
  })

  it('says no wallet is detected when there is neither a page wallet nor WalletConnect', () => {
    const view = connectRows({ init: init(), wallets: [], recent: [], walletConnect: false })
    expect(view).toMatchObject({ empty: true, rows: [], installedCount: 0 })
    expect(connectRows({ init: init(), wallets: [], recent: [], walletConnect: true }).empty).toBe(false)
  })

  it('hides the All Wallets entry when the integrator turns it off', () => {
    expect(
      connectRows({ init: init({ allWallets: false }), wallets: [], recent: [], walletConnect: true })
        .showAllWallets,
    ).toBe(false)
  })

  describe('connect-method order (spec §2, §9)', () => {
    const methods = (options: {
      email?: boolean
      socials?: boolean
      wallets?: WalletDescriptor[]
      features?: ModalInit['features']
    }) =>
      connectRows({
        init: init(options.features),
        wallets: options.wallets ?? [],
        recent: [],
        walletConnect: true,
        ...(options.email === undefined ? {} : { email: options.email }),
        ...(options.socials === undefined ? {} : { socials: options.socials }),
      }).methods

    it('puts email before wallets when no page wallet is shown, after them when one is', () => {
      expect(methods({ email: true })).toEqual(['email', 'wallet'])
      expect(methods({ email: true, wallets: [alpha] })).toEqual(['wallet', 'email'])
    })

    it('follows features.connectMethodsOrder', () => {
      expect(
        methods({ email: true, wallets: [alpha], features: { connectMethodsOrder: ['email', 'wallet'] } }),
      ).toEqual(['email', 'wallet'])
      expect(methods({ email: true, features: { connectMethodsOrder: ['wallet'] } })).toEqual(['wallet'])
    })

    it('offers only wallets without a key frame (or with features.email false and no socials)', () => {
      expect(methods({ wallets: [alpha] })).toEqual(['wallet'])
      expect(methods({ email: false })).toEqual(['wallet'])
      expect(methods({ email: true, features: { connectMethodsOrder: ['social', 'email'] } })).toEqual([
        'email',
      ])
    })

    it('puts the socials after the email, before wallets when no page wallet is shown (spec §2)', () => {
      expect(methods({ email: true, socials: true })).toEqual(['email', 'social', 'wallet'])
      expect(methods({ email: true, socials: true, wallets: [alpha] })).toEqual(['wallet', 'email', 'social'])
      expect(methods({ email: false, socials: true })).toEqual(['social', 'wallet'])
      expect(
        methods({
          email: true,
          socials: true,
          features: { connectMethodsOrder: ['social', 'wallet', 'email'] },
        }),
      ).toEqual(['social', 'wallet', 'email'])
    })
  })
  describe('the options of spec §3 and §9', () => {
    const acme = { id: 'acme', name: 'Acme', desktop_link: 'acme://' }
    const rows = (
      options: Partial<Pick<ModalInit, 'customWallets' | 'enableWallets' | 'enableWalletGuide'>> & {
        features?: ModalInit['features']
        walletConnect?: boolean
        email?: boolean
      } = {},
    ) =>
      connectRows({
        init: { ...init(options.features), ...options },
        wallets: [alpha],
        recent: [],
        walletConnect: options.walletConnect ?? true,
        email: options.email ?? false,
        highlights: { featured: [listing('f1')], recommended: [listing('r1')] },
      })

    it('puts custom wallets in the custom slot: after featured, before recommended by default (§9)', () => {
      expect(kinds(rows({ customWallets: [acme] }).rows)).toEqual([
        'walletConnect',
        'io.alpha',
        'registry:f1',
        'custom:acme',
        'registry:r1',
      ])
      expect(
        kinds(rows({ customWallets: [acme], features: { connectorTypeOrder: ['custom', 'injected'] } }).rows),
      ).toEqual(['custom:acme', 'io.alpha'])
    })

    it('leaves custom wallets out without WalletConnect, through which they connect', () => {
      expect(kinds(rows({ customWallets: [acme], walletConnect: false }).rows)).toEqual([
        'io.alpha',
        'registry:f1',
        'registry:r1',
      ])
    })

    it('shows no wallet method with enableWallets false: email and social only', () => {
      expect(rows({ enableWallets: false, email: true }).methods).toEqual(['email'])
      expect(rows({ enableWallets: false }).methods).toEqual([])
    })

    it('collapses the wallets with collapseWallets, and with emailShowWallets false next to the email', () => {
      expect(rows().collapsed).toBe(false)
      expect(rows({ features: { collapseWallets: true } }).collapsed).toBe(true)
      expect(rows({ features: { emailShowWallets: false }, email: true }).collapsed).toBe(true)
      // Without the email login there is nothing the wallets would hide behind.
      expect(rows({ features: { emailShowWallets: false }, email: false }).collapsed).toBe(false)
    })

    it('offers the wallet guide unless enableWalletGuide is false', () => {
      expect(rows().walletGuide).toBe(true)
      expect(rows({ enableWalletGuide: false }).walletGuide).toBe(false)
    })
  })
})
