import type { ReactElement } from 'react'
import './connect.css'

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
  const terms = props.termsConditionsUrl && link(props.termsConditionsUrl, 'Terms of Service')
  const privacy = props.privacyPolicyUrl && link(props.privacyPolicyUrl, 'Privacy Policy')
  return (
    <label className="wf-legal" data-testid="legal-checkbox">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <span>
        I agree to the {terms}
        {terms && privacy ? ' and ' : null}
        {privacy}
        {terms || privacy ? null : 'terms of this app'}
      </span>
    </label>
  )
}
