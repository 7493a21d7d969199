/**
 * The ApproveTransaction body (spec §2, §6): who asks, what is signed, Approve and Reject. The
 * guard watches this element; a click it does not accept only shows a notice.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { createPointerRest, trackPointer } from '../guard/pointer-rest.ts'
import { createVisibilityGuard } from '../guard/visibility-guard.ts'
import type { ApprovalScreen } from '../state/screens.ts'
import { Eip7702UpgradeNotice } from './eip7702-upgrade-notice.tsx'
import { RequestDetails, requestTitle } from './request-details.tsx'

function RecoveryForm({ screen, armed }: { screen: ApprovalScreen; armed: boolean }) {
  const [code, setCode] = useState('')
  return (
    <form
      class="recovery"
      onSubmit={(event) => {
        event.preventDefault()
        screen.useRecoveryCode(code, event)
      }}
    >
      <label for="recovery-code">Recovery code</label>
      <input
        id="recovery-code"
        autocomplete="off"
        spellcheck={false}
        placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
        value={code}
        onInput={(event) => setCode(event.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={code.trim() === ''} aria-disabled={!armed}>
        Unlock and approve
      </button>
    </form>
  )
}

export function ApprovalView({ screen }: { screen: ApprovalScreen }) {
  const root = useRef<HTMLElement>(null)
  const { attachGuard } = screen
  /** The frame has been visible long enough for Approve to count (the guard decides again on click). */
  const [armed, setArmed] = useState(false)
  useEffect(() => {
    if (!root.current) return
    const pointer = createPointerRest()
    const untrack = trackPointer(root.current.ownerDocument, pointer)
    const guard = createVisibilityGuard(root.current, { onArmedChange: setArmed, pointer })
    attachGuard(guard)
    return () => {
      untrack()
      guard.disconnect()
    }
  }, [attachGuard])
  const working = screen.status === 'working'
  const origin = screen.dapp?.metadata?.url
  return (
    <section class="card" ref={root} aria-busy={working}>
      <header>
        <h1>{requestTitle(screen.description)}</h1>
        <p class="muted">
          {screen.dapp?.metadata?.name ?? 'An app'}
          {origin ? <span class="mono"> · {origin}</span> : null} asks your wallet to sign.
        </p>
      </header>
      <div class="details">
        <Eip7702UpgradeNotice description={screen.description} />
        <RequestDetails description={screen.description} />
      </div>
      {screen.notice && (
        <p class="notice" role="status">
          {screen.notice}
        </p>
      )}
      {screen.error && (
        <p class="error" role="alert">
          {screen.error}
        </p>
      )}
      {screen.status === 'recovery' ? (
        <RecoveryForm screen={screen} armed={armed} />
      ) : (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => screen.reject()} disabled={working}>
            Reject
          </button>
          <button
            type="button"
            class="primary"
            onClick={(event) => screen.approve(event)}
            disabled={working || screen.visibilityUnsupported}
            // Not `disabled`: the pointer's rest over the button is what arms it.
            aria-disabled={!armed}
          >
            {working ? 'Approving…' : 'Approve'}
          </button>
        </div>
      )}
      {screen.status === 'ready' && (screen.error || screen.locked) && (
        <button type="button" class="link" onClick={() => screen.showRecoveryForm()}>
          Use recovery code
        </button>
      )}
      {screen.status === 'recovery' && (
        <button type="button" class="link" onClick={() => screen.reject()}>
          Reject
        </button>
      )}
    </section>
  )
}
