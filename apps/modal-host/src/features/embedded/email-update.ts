/**
 * The email change of spec §4 "Embedded frame": the new address goes to the key frame, then a
 * code sent to the current address (primary), then one sent to the new address (secondary), which
 * answers with the new email.
 */
import { EmailSchema, toWireError } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import type { FrameMessenger } from './key-frame.machine.ts'
import type { EmailUpdateState } from './state.ts'

export const INVALID_EMAIL = 'Enter a valid email address'

export function createEmailUpdate(context: {
  store: Store<SessionState>
  frame(): Promise<FrameMessenger>
  /** The key frame answered with the new email. */
  onUpdated(email: string): void
}) {
  const { store } = context
  const set = (patch: Partial<EmailUpdateState>) =>
    store.set((state) => ({
      embedded: {
        ...state.embedded,
        update: { step: 'email', busy: false, ...state.embedded.update, ...patch },
      },
    }))

  const run = async (step: (frame: FrameMessenger) => Promise<Partial<EmailUpdateState> | undefined>) => {
    set({ busy: true, error: undefined })
    try {
      const next = await step(await context.frame())
      if (next) set({ ...next, busy: false })
    } catch (error) {
      set({ busy: false, error: toWireError(error).message })
    }
  }

  return {
    start: () =>
      store.set((state) => ({ embedded: { ...state.embedded, update: { step: 'email', busy: false } } })),
    submit(value: string) {
      const update = store.get().embedded.update
      if (!update || update.busy) return
      if (update.step === 'email') {
        const email = value.trim()
        if (!EmailSchema.safeParse(email).success) return set({ error: INVALID_EMAIL })
        return void run(async (frame) => {
          const { action } = await frame.request('frame.updateEmail', { email })
          return { newEmail: email, step: action === 'VERIFY_PRIMARY_OTP' ? 'primaryCode' : 'secondaryCode' }
        })
      }
      if (update.step === 'primaryCode')
        return void run(async (frame) => {
          await frame.request('frame.updateEmailPrimaryOtp', { otp: value })
          return { step: 'secondaryCode' }
        })
      void run(async (frame) => {
        const { newEmail } = await frame.request('frame.updateEmailSecondaryOtp', { otp: value })
        store.set((state) => ({ embedded: { ...state.embedded, update: undefined } }))
        context.onUpdated(newEmail)
        return undefined
      })
    },
  }
}
