/** Wallet setup (frame.setupWallet): passkey or key window, then the recovery code once. */
import type { SetupScreen } from '../state/screens.ts'

const ErrorLine = ({ error }: { error: string | undefined }) =>
  error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null

export function SetupView({ screen }: { screen: SetupScreen }) {
  if (screen.step === 'saveCode') {
    return (
      <section class="card">
        <h1>Save your recovery code</h1>
        <p class="muted">
          It is shown only this once. With it you can use your wallet on a device without your passkey.
        </p>
        {screen.recoveryOnlyNotice && <p class="notice">{screen.recoveryOnlyNotice}</p>}
        <p class="recovery-code mono">{screen.recoveryCode}</p>
        <div class="actions">
          <button type="button" class="primary" onClick={() => screen.confirmSaved()}>
            I saved it
          </button>
        </div>
      </section>
    )
  }
  if (screen.step === 'keyWindow') {
    return (
      <section class="card">
        <h1>Keep your wallet on this browser</h1>
        <p class="muted">
          This passkey cannot protect your wallet key here. A small wallet window of this site can keep it on
          this browser instead, so that you can sign after a reload.
        </p>
        <ErrorLine error={screen.error} />
        <div class="actions">
          <button type="button" disabled={screen.busy} onClick={() => screen.skipKeyWindow()}>
            Skip
          </button>
          <button
            type="button"
            class="primary"
            disabled={screen.busy}
            onClick={() => screen.keepInKeyWindow()}
          >
            {screen.busy ? 'Waiting for the window…' : 'Open wallet window'}
          </button>
        </div>
      </section>
    )
  }
  return (
    <section class="card">
      <h1>Secure your wallet</h1>
      <p class="muted">
        {screen.passkeysAvailable
          ? 'A passkey on this device protects your wallet key. You will also get a recovery code.'
          : 'This browser has no passkeys here, so a small wallet window of this site keeps your wallet key on this browser. You will also get a recovery code.'}
      </p>
      <ErrorLine error={screen.error} />
      <div class="actions">
        <button type="button" class="primary" disabled={screen.busy} onClick={() => screen.create()}>
          {screen.busy ? 'Creating…' : screen.passkeysAvailable ? 'Create passkey' : 'Create wallet'}
        </button>
      </div>
    </section>
  )
}
