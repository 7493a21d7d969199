/**
 * Configuration problems the integrator should hear of (spec §4 Toast: debug-style messages, shown
 * only with `debug` on, always logged): options that are valid one by one but do nothing together.
 */
import type { ModalInit } from '@walletframe/protocol'

export function optionWarnings(
  init: Pick<
    ModalInit,
    'features' | 'customWallets' | 'enableWallets' | 'termsConditionsUrl' | 'privacyPolicyUrl'
  >,
): string[] {
  const { features } = init
  const warnings: string[] = []
  if (features.legalCheckbox === true && !init.termsConditionsUrl && !init.privacyPolicyUrl)
    warnings.push('features.legalCheckbox is on without termsConditionsUrl or privacyPolicyUrl to agree to')
  if (init.enableWallets === false) {
    if (features.collapseWallets === true)
      warnings.push('features.collapseWallets does nothing with enableWallets: false (no wallets are shown)')
    if (features.email === false && features.socials === false)
      warnings.push(
        'enableWallets: false with features.email and features.socials off leaves no way to connect',
      )
  }
  for (const wallet of init.customWallets ?? [])
    if (!wallet.mobile_link && !wallet.desktop_link && !wallet.webapp_link)
      warnings.push(
        `customWallets: "${wallet.name}" has no mobile_link, desktop_link or webapp_link to connect with`,
      )
  return warnings
}
