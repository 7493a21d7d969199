/**
 * Unsafe requests of the embedded wallet (spec §4 "Unsafe RPC requests", §6): each opens
 * ApproveTransaction, whose body the key frame covers with what will be signed and its own
 * Approve/Reject. Success or error leaves the view (pop, or close when it was the only one; the
 * router's back rule); success also refreshes the balance. Closing the modal aborts what is open.
 */
import { FRAME_ERRORS, WalletFrameError } from '@walletframe/protocol'
import type { Approve } from './auth-connector.ts'

export interface Approvals {
  approve: Approve
  /** The modal closed: every open request is cancelled in the key frame and rejected to the dapp. */
  abortAll(): void
}

export function createApprovals(context: {
  /** Opens ApproveTransaction (pushed when the modal is open, else the modal opens on it). */
  open(): void
  /** Leaves ApproveTransaction if it is on screen. */
  leave(): void
  refreshBalance(): void
}): Approvals {
  const open = new Set<AbortController>()
  const aborted = () => new WalletFrameError(FRAME_ERRORS.requestAborted)
  const closedByModal = (controller: AbortController) => {
    const reason: unknown = controller.signal.reason
    return reason instanceof WalletFrameError && reason.reason === FRAME_ERRORS.requestAborted.reason
  }

  return {
    async approve(call, signal) {
      const controller = new AbortController()
      const cancel = () => controller.abort(signal?.reason)
      signal?.addEventListener('abort', cancel)
      open.add(controller)
      context.open()
      let approved = false
      try {
        const result = await call(controller.signal)
        approved = true
        return result
      } catch (error) {
        throw closedByModal(controller) ? controller.signal.reason : error
      } finally {
        signal?.removeEventListener('abort', cancel)
        open.delete(controller)
        // Aborted by a close: the modal is already closed, there is nothing to leave.
        if (open.size === 0 && !closedByModal(controller)) context.leave()
        if (approved) context.refreshBalance()
      }
    },
    abortAll() {
      for (const controller of [...open]) controller.abort(aborted())
    },
  }
}
