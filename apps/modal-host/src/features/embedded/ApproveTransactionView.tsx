import type { ReactElement } from 'react'
import { KeyFrameSlot } from './KeyFrameSlot.tsx'
import './embedded.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/** Spec §2 ApproveTransaction: the key frame shows what will be signed, and Approve/Reject. */
export function ApproveTransactionView(): ReactElement {
  const { t } = useI18n()
  return <KeyFrameSlot label={t('email.approve')} />
}
