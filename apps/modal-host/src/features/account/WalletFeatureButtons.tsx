import { type ReactElement, useEffect, useMemo } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { useSession } from '../core/index.ts'
import './account.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * The Account view's wallet features (spec §9 walletFeaturesOrder): one button per feature that is
 * on. Their chunks are fetched once the Account view shows them, so a click opens at once; a
 * feature that is off has no button and its chunk is never fetched (spec §2).
 */
export function WalletFeatureButtons(): ReactElement | null {
  const session = useSession()
  const { t } = useI18n()
  const buttons = useMemo(() => session.walletFeatures(), [session])
  useEffect(() => {
    for (const button of buttons) void button.preload()
  }, [buttons])
  if (buttons.length === 0) return null
  return (
    <div className="wf-wallet-features" data-testid="wallet-features">
      {buttons.map((button) => (
        <button
          key={button.feature}
          type="button"
          className="wf-wallet-feature"
          onClick={() => session.push(button.view)}
          data-testid={`wallet-feature-${button.feature}`}
        >
          <span className="wf-wallet-feature-icon">
            <Icon name={button.icon} size={18} />
          </span>
          {t(button.label)}
        </button>
      ))}
    </div>
  )
}
