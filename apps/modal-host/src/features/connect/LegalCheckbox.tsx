import type { ReactElement } from 'react'
import './connect.css'
import { Rich, useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * spec §3 legalCheckbox with the terms and privacy URLs: the user agrees before any connect action
 * (the view disables them until then). A real checkbox with its label, so keyboards and screen
 * readers use it as any other; the links open the integrator's pages in a new tab.
 */
export function LegalCheckbox(props: {
  checked: boolean
  onChange(checked: boolean): void
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
}): ReactElement {
  const link = (href: string, label: string) => (
    <a className="wf-legal-link" href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  )
  const { t } = useI18n()
  const terms = props.termsConditionsUrl && link(props.termsConditionsUrl, t('legal.terms'))
  const privacy = props.privacyPolicyUrl && link(props.privacyPolicyUrl, t('legal.privacy'))
  const documents =
    terms && privacy ? (
      <Rich id="legal.both" values={{ terms, privacy }} />
    ) : (
      (terms ?? privacy ?? t('legal.appTerms'))
    )
  return (
    <label className="wf-legal" data-testid="legal-checkbox">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <span>
        <Rich id="legal.agree" values={{ documents }} />
      </span>
    </label>
  )
}
