import type { SocialProvider } from '@walletframe/protocol'
import { type ReactElement, useEffect, useRef, useState } from 'react'
import { useSession, useSessionState } from '../core/index.ts'
import { SocialGlyph } from './SocialGlyph.tsx'
import { SOCIAL_NAMES, SOCIAL_ROW_SIZE, socialLayout } from './socials.ts'
import './social.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * The Connect view's social logins (spec §2 connect methods): the first provider as a wide button,
 * the next ones as icon buttons in a row, and a "more" button for the rest when they do not fit.
 * Each click opens its login window at once (see Session.connectSocial).
 */
export function SocialLogins(): ReactElement | null {
  const session = useSession()
  const providers = useSessionState((s) => s.social.providers)
  const [expanded, setExpanded] = useState(false)
  const { t } = useI18n()
  const continueWith = (provider: SocialProvider) =>
    t('social.continueWith', { provider: SOCIAL_NAMES[provider] })
  const row = useRef<HTMLUListElement>(null)
  const { primary, icons, more } = socialLayout(providers, expanded)
  // The "more" button is replaced by the first provider it was hiding: focus stays there.
  useEffect(() => {
    if (expanded) row.current?.querySelectorAll('button')[SOCIAL_ROW_SIZE - 1]?.focus()
  }, [expanded])
  if (!primary) return null
  return (
    <div className="wf-socials" data-testid="social-logins">
      <button
        type="button"
        className="wf-social-wide"
        onClick={() => session.connectSocial(primary)}
        data-testid={`social-${primary}`}
      >
        <SocialGlyph provider={primary} size={20} />
        {continueWith(primary)}
      </button>
      {icons.length > 0 ? (
        <ul ref={row} className="wf-social-row" aria-label={t('social.more')}>
          {icons.map((provider) => (
            <li key={provider}>
              <button
                type="button"
                className="wf-social-tile"
                onClick={() => session.connectSocial(provider)}
                aria-label={continueWith(provider)}
                title={SOCIAL_NAMES[provider]}
                data-testid={`social-${provider}`}
              >
                <SocialGlyph provider={provider} size={24} />
              </button>
            </li>
          ))}
          {more ? (
            <li>
              <button
                type="button"
                className="wf-social-tile wf-social-more"
                onClick={() => setExpanded(true)}
                aria-label={t('social.showAll')}
                aria-expanded={false}
                data-testid="social-more"
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="5" cy="12" r="1.8" fill="currentColor" />
                  <circle cx="12" cy="12" r="1.8" fill="currentColor" />
                  <circle cx="19" cy="12" r="1.8" fill="currentColor" />
                </svg>
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}
