import type { ReactElement } from 'react'
import { Avatar } from '../../ui/Avatar.tsx'
import { truncateAddress } from '../../ui/format/address.ts'
import { useSession, useSessionState } from '../core/index.ts'
import { signInOptions } from './session-siwx.ts'
import './siwx.css'

/**
 * Spec §2 SIWXSignMessage (ConnectingSiwe with the `siwe` option): the dapp asks the connected account to sign in. While sign-in is
 * required and no session exists the modal cannot be closed (router canClose); Cancel disconnects.
 */
export function SIWXSignMessageView(): ReactElement {
  const session = useSession()
  const siwx = useSessionState((s) => s.siwx)
  const address = useSessionState((s) => s.account.address)
  const dapp = useSessionState((s) => s.init?.metadata?.name ?? 'This app')
  const statement = useSessionState((s) => (s.init ? signInOptions(s.init)?.statement : undefined))
  const signing = siwx.status === 'signing'
  return (
    <div className="wf-siwx" aria-live="polite">
      {address ? <Avatar address={address} size={64} /> : null}
      <h3 className="wf-connecting-title">{dapp} needs to connect to your wallet</h3>
      <p className="wf-muted wf-center">
        Sign this message to prove you own {address ? truncateAddress(address) : 'this wallet'}.
        {statement ? ` ${statement}` : ''}
      </p>
      {/* The toast says 'Signature declined' (spec §8); this line stays while the user decides. */}
      {siwx.status === 'declined' ? (
        <p className="wf-siwx-error">The message was not signed. You can try again.</p>
      ) : null}
      <div className="wf-siwx-actions">
        <button type="button" className="wf-button" onClick={() => session.cancelSignIn()}>
          Cancel
        </button>
        <button
          type="button"
          className="wf-button wf-button-accent"
          disabled={signing}
          onClick={() => void session.signIn()}
        >
          {signing ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </div>
  )
}
