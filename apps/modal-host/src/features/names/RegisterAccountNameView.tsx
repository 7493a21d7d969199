import { NAME_RULES } from '@walletframe/protocol'
import { type ReactElement, useId } from 'react'
import { Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './names.css'
import type { MessageKey } from '../../ui/i18n/en.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

const STATUS_TEXT: Partial<Record<string, MessageKey>> = {
  available: 'names.available',
  taken: 'names.taken',
  error: 'names.suggestionsUnavailable',
}

/** Spec §2 RegisterAccountName: a name for the account, checked as it is typed, with free suggestions. */
export function RegisterAccountNameView(): ReactElement {
  const session = useSession()
  const names = useSessionState((s) => s.names)
  const id = useId()
  const busy = names.status === 'registering'
  const { t } = useI18n()
  const status = STATUS_TEXT[names.status]
  const hint =
    names.status === 'invalid' ? t('names.invalid', { problem: names.problem ?? '' }) : status && t(status)
  return (
    <form
      className="wf-names"
      onSubmit={(event) => {
        event.preventDefault()
        void session.registerName()
      }}
    >
      <label className="wf-names-label" htmlFor={id}>
        {t('names.chooseLabel')}
      </label>
      <div className="wf-names-field">
        <input
          id={id}
          className="wf-names-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('names.placeholder')}
          value={names.label}
          onChange={(event) => session.typeName(event.target.value)}
          aria-invalid={names.status === 'invalid' || names.status === 'taken'}
          aria-describedby={`${id}-hint`}
          data-testid="name-input"
        />
        <span className="wf-muted">.{NAME_RULES.zone}</span>
      </div>
      <p
        id={`${id}-hint`}
        className={`wf-names-hint is-${names.status}`}
        aria-live="polite"
        data-testid="name-status"
      >
        {names.status === 'checking' ? <Spinner size={12} /> : hint}
      </p>
      {names.suggestions.length > 0 ? (
        <ul className="wf-names-suggestions" aria-label={t('names.suggestions')}>
          {names.suggestions.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="wf-names-suggestion"
                onClick={() => session.typeName(name)}
                data-testid="name-suggestion"
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="submit"
        className="wf-button wf-button-accent"
        disabled={names.status !== 'available' || busy}
        data-testid="name-register"
      >
        {busy ? t('names.registering') : t('names.register')}
      </button>
    </form>
  )
}

/** Spec §2 RegisterAccountNameSuccess: the name is the account's; there is no going back (spec §4). */
export function RegisterAccountNameSuccessView(): ReactElement {
  const session = useSession()
  const registered = useSessionState((s) => s.names.registered)
  const { t } = useI18n()
  return (
    <div className="wf-names wf-names-success" aria-live="polite">
      <p className="wf-connecting-title" data-testid="name-registered">
        {t('names.isYours', { name: registered ?? '' })}
      </p>
      <p className="wf-muted wf-center">{t('names.showInstead')}</p>
      <button type="button" className="wf-button wf-button-accent" onClick={() => session.open('Account')}>
        {t('names.backToAccount')}
      </button>
    </div>
  )
}
