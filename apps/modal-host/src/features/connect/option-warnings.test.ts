import { describe, expect, it } from 'vitest'
import { optionWarnings } from './option-warnings.ts'

describe('configuration problems told as debug toasts (spec §4 Toast, §3 options)', () => {
  it('says nothing of a sound configuration', () => {
    expect(optionWarnings({ features: {} })).toEqual([])
    expect(
      optionWarnings({
        features: { legalCheckbox: true },
        termsConditionsUrl: 'https://example.com/terms',
        customWallets: [{ id: 'acme', name: 'Acme', desktop_link: 'acme://' }],
      }),
    ).toEqual([])
  })

  it('names a legal checkbox with nothing to agree to', () => {
    expect(optionWarnings({ features: { legalCheckbox: true } })).toEqual([
      'features.legalCheckbox is on without termsConditionsUrl or privacyPolicyUrl to agree to',
    ])
  })

  it('names a custom wallet with no link to connect with', () => {
    expect(optionWarnings({ features: {}, customWallets: [{ id: 'acme', name: 'Acme' }] })).toEqual([
      'customWallets: "Acme" has no mobile_link, desktop_link or webapp_link to connect with',
    ])
  })

  it('names option combinations that do nothing', () => {
    expect(
      optionWarnings({
        features: { collapseWallets: true, email: false, socials: false },
        enableWallets: false,
      }),
    ).toEqual([
      'features.collapseWallets does nothing with enableWallets: false (no wallets are shown)',
      'enableWallets: false with features.email and features.socials off leaves no way to connect',
    ])
  })
})
