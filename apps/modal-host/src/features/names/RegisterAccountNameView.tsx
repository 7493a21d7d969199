import { NAME_RULES } from '@walletframe/protocol'
import { type ReactElement, useId } from 'react'
import { Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './names.css'

const STATUS_TEXT: Partial<Record<string, string>> = {
  available: 'Available',
  taken: 'This name is taken',
  error: 'Suggestions are unavailable right now',
}

/** Spec §2 RegisterAccountName: a name for the account, checked as it is typed, with free suggestions. */
export function RegisterAccountNameView(): ReactElement {
  const session = useSession()
  const names = useSessionState((s) => s.names)
  const id = useId()
  const busy = names.status === 'registering'
  const hint = names.status === 'invalid' ? `The name ${names.problem}` : STATUS_TEXT[names.status]
  return (
    <form
      className="wf-names"
      onSubmit={(event) => {
        event.preventDefault()
        void session.registerName()
      }}
    >
      <label className="wf-names-label" htmlFor={id}>
        Choose a name for your account
      </label>
      <div className="wf-names-field">
        <input
          id={id}
          className="wf-names-input"
          autoComplete="off"
          spellCheck={false}
          placeholder="yourname"
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
        <ul className="wf-names-suggestions" aria-label="Suggestions">
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
        {busy ? 'Registering…' : 'Register'}
      </button>
    </form>
  )
}

/** Spec §2 RegisterAccountNameSuccess: the name is the account's; there is no going back (spec §4). */
export function RegisterAccountNameSuccessView(): ReactElement {
  const session = useSession()
  const registered = useSessionState((s) => s.names.registered)
  return (
    <div className="wf-names wf-names-success" aria-live="polite">
      <p className="wf-connecting-title" data-testid="name-registered">
        {registered} is yours
      </p>
      <p className="wf-muted wf-center">Apps that read names now show it instead of your address.</p>
      <button type="button" className="wf-button wf-button-accent" onClick={() => session.open('Account')}>
        Back to account
      </button>
    </div>
  )
}
