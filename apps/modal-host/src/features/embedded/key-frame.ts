/**
 * The modal's handle on the key frame: its state (for the views) and, once it is ready, its
 * messenger. Whatever needs the frame waits for `ready()`; an unavailable frame rejects with
 * FRAME_ERRORS.loadFailed.
 */
import { FRAME_ERRORS, WalletFrameError } from '@walletframe/protocol'
import { createActor, waitFor } from 'xstate'
import { type FrameMessenger, keyFrameMachine } from './key-frame.machine.ts'

export type KeyFrameStatus = 'loading' | 'ready' | 'failed'

export interface KeyFrame {
  ready(): Promise<FrameMessenger>
  status(): KeyFrameStatus
  stop(): void
}

export function startKeyFrame(
  connect: () => Promise<FrameMessenger>,
  onStatus: (status: KeyFrameStatus, error?: unknown) => void,
): KeyFrame {
  const actor = createActor(keyFrameMachine, { input: { connect } })
  const statusOf = (value: string): KeyFrameStatus =>
    value === 'ready' ? 'ready' : value === 'failed' ? 'failed' : 'loading'
  let last: KeyFrameStatus = 'loading'
  actor.subscribe((snapshot) => {
    const next = statusOf(snapshot.value)
    if (next === last) return
    last = next
    onStatus(next, snapshot.context.error)
  })
  actor.start()
  return {
    status: () => last,
    async ready() {
      const snapshot = await waitFor(actor, (s) => s.value === 'ready' || s.value === 'failed', {
        timeout: Number.POSITIVE_INFINITY,
      })
      if (!snapshot.context.messenger || snapshot.value !== 'ready')
        throw new WalletFrameError(FRAME_ERRORS.loadFailed, { cause: snapshot.context.error })
      return snapshot.context.messenger
    },
    stop() {
      actor.getSnapshot().context.messenger?.destroy()
      actor.stop()
    },
  }
}
