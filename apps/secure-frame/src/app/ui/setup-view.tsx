/** Wallet setup (frame.setupWallet): create the passkey, then save the recovery code once. */
import type { SetupScreen } from '../state/screens.ts'

export function SetupView({ screen }: { screen: SetupScreen }) {
  if (screen.step === 'saveCode') {
    return (
      <section class="card">
        <h1>Save your recovery code</h1>
        <p class="muted">
          It is shown only this once. With it you can use your wallet on a device without your passkey.
        </p>
        {screen.noPasskeyNotice && <p class="notice">{screen.noPasskeyNotice}</p>}
        <p class="recovery-code mono">{screen.recoveryCode}</p>
        <div class="actions">
          <button type="button" class="primary" onClick={() => screen.confirmSaved()}>
            I saved it
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
          : 'Passkeys with the PRF extension are not available in this browser. Your wallet will be protected by a recovery code only.'}
      </p>
      {screen.error && (
        <p class="error" role="alert">
          {screen.error}
        </p>
      )}
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={screen.step === 'working'}
          onClick={() => screen.createPasskey()}
        >
          {screen.step === 'working'
            ? 'Creating…'
            : screen.passkeysAvailable
              ? 'Create passkey'
              : 'Create wallet'}
        </button>
      </div>
    </section>
  )
}
