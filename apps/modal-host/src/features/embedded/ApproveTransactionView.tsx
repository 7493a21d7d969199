import type { ReactElement } from 'react'
import { KeyFrameSlot } from './KeyFrameSlot.tsx'
import './embedded.css'

/** Spec §2 ApproveTransaction: the key frame shows what will be signed, and Approve/Reject. */
export function ApproveTransactionView(): ReactElement {
  return <KeyFrameSlot label="Approve the request" />
}
