import type { ReactElement } from 'react'
import { Avatar } from '../../ui/Avatar.tsx'
import { truncateAddress } from '../../ui/format/address.ts'
import { useSession, useSessionState } from '../core/index.ts'
import { signInOptions } from './session-siwx.ts'
import './siwx.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * Spec §2 SIWXSignMessage (ConnectingSiwe with the `siwe` option): the dapp asks the connected account to sign in. While sign-in is
 * required and no session exists the modal cannot be closed (router canClose); Cancel disconnects.
 */
export function SIWXSignMessageView(): ReactElement {
  const session = useSession()
  const siwx = useSessionState((s) => s.siwx)
  const address = useSessionState((s) => s.account.address)
  const smartAccount = useSessionState((s) => s.account.type === 'smartAccount')
  const { t } = useI18n()
  const dapp = useSessionState((s) => s.init?.metadata?.name) ?? t('siwx.thisApp')
  const statement = useSessionState((s) => (s.init ? signInOptions(s.init)?.statement : undefined))
  const signing = siwx.status === 'signing'
  return (
    <div className="wf-siwx" aria-live="polite">
      {address ? <Avatar address={address} size={64} /> : null}
      <h3 className="wf-connecting-title">{t('siwx.needsConnect', { app: dapp })}</h3>
      <p className="wf-muted wf-center">
        {t('siwx.prove', { account: address ? truncateAddress(address) : t('siwx.thisWallet') })}
        {statement ? ` ${statement}` : ''}
      </p>
      {/* The toast says 'Signature declined' (spec §8); this line stays while the user decides. */}
      {siwx.status === 'declined' ? (
        <p className="wf-siwx-error" data-testid="siwx-declined">
          {smartAccount ? t('toast.smartAccountSignInFailed') : t('siwx.declined')}
        </p>
      ) : null}
      <div className="wf-siwx-actions">
        <button type="button" className="wf-button" onClick={() => session.cancelSignIn()}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="wf-button wf-button-accent"
          disabled={signing}
          onClick={() => void session.signIn()}
        >
          {signing ? t('siwx.signing') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
