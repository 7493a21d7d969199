/**
 * The email login (spec §4 "Embedded frame"): the address goes to the key frame, which answers
 * with a code to enter (VERIFY_OTP), a device to confirm first (VERIFY_DEVICE) or a session
 * (CONNECT); a new user then sets up their wallet in the key frame (passkey, recovery code). Every
 * step is a key-frame request; leaving the flow (its view, the modal) stops it and cancels the step.
 */
import { CHANNEL_ERRORS, toWireError, type WireError } from '@walletframe/protocol'
import { assign, fromPromise, setup } from 'xstate'
import type { ConnectedAccount } from '../core/index.ts'
import type { AuthConnector } from './auth-connector.ts'

export interface EmailLoginInput {
  connector: AuthConnector
  email: string
  /** A code (or device link) was just sent: spec §5's cooldown starts now. */
  onCodeSent(): void
}

interface StepInput {
  login: EmailLoginInput
  code?: string | undefined
}

const step = <T>(run: (input: StepInput, signal: AbortSignal) => Promise<T>) =>
  fromPromise(({ input, signal }: { input: StepInput; signal: AbortSignal }) => run(input, signal))
const frameOf = (input: StepInput) => input.login.connector.frame()

export const emailLoginMachine = setup({
  types: {
    context: {} as { login: EmailLoginInput; code?: string; error?: WireError; account?: ConnectedAccount },
    input: {} as EmailLoginInput,
    events: {} as { type: 'SUBMIT_CODE'; code: string } | { type: 'RESEND' },
    output: {} as { account: ConnectedAccount | undefined },
  },
  actors: {
    sendEmail: step(async ({ login }, signal) =>
      (await frameOf({ login })).request('frame.connectEmail', { email: login.email }, { signal }),
    ),
    confirmDevice: step(async (input, signal) =>
      (await frameOf(input)).request('frame.connectDevice', {}, { signal }),
    ),
    verifyCode: step(async (input, signal) =>
      (await frameOf(input)).request('frame.connectOtp', { otp: input.code ?? '' }, { signal }),
    ),
    setupWallet: step(async (input, signal) =>
      (await frameOf(input)).request('frame.setupWallet', {}, { signal }),
    ),
    finish: step((input, signal) => input.login.connector.connect({ signal })),
  },
  actions: {
    codeSent: ({ context }) => context.login.onCodeSent(),
    clearError: assign({ error: undefined }),
    fail: assign({ error: ({ event }) => toWireError((event as { error?: unknown }).error) }),
  },
  guards: {
    /** Spec §4 device verification: the key frame answers once the link is opened; until then it times out. */
    unconfirmed: ({ event }) =>
      toWireError((event as { error?: unknown }).error).reason === CHANNEL_ERRORS.timeout.reason,
  },
}).createMachine({
  id: 'emailLogin',
  context: ({ input }) => ({ login: input }),
  initial: 'sending',
  states: {
    sending: {
      entry: 'clearError',
      invoke: {
        src: 'sendEmail',
        input: ({ context }) => ({ login: context.login }),
        onDone: [
          { guard: ({ event }) => event.output.action === 'VERIFY_OTP', target: 'code', actions: 'codeSent' },
          {
            guard: ({ event }) => event.output.action === 'VERIFY_DEVICE',
            target: 'device',
            actions: 'codeSent',
          },
          { target: 'finishing' },
        ],
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    device: {
      invoke: {
        src: 'confirmDevice',
        input: ({ context }) => ({ login: context.login }),
        onDone: 'code',
        onError: [
          { guard: 'unconfirmed', target: 'device', reenter: true },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    code: {
      on: {
        SUBMIT_CODE: { target: 'verifying', actions: assign({ code: ({ event }) => event.code }) },
        RESEND: 'resending',
      },
    },
    resending: {
      entry: 'clearError',
      invoke: {
        src: 'sendEmail',
        input: ({ context }) => ({ login: context.login }),
        onDone: { target: 'code', actions: 'codeSent' },
        onError: { target: 'code', actions: 'fail' },
      },
    },
    verifying: {
      entry: 'clearError',
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ login: context.login, code: context.code }),
        onDone: [{ guard: ({ event }) => event.output.needsSetup, target: 'setup' }, { target: 'finishing' }],
        onError: { target: 'code', actions: 'fail' },
      },
    },
    setup: {
      invoke: {
        src: 'setupWallet',
        input: ({ context }) => ({ login: context.login }),
        onDone: 'finishing',
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    finishing: {
      invoke: {
        src: 'finish',
        input: ({ context }) => ({ login: context.login }),
        onDone: { target: 'connected', actions: assign({ account: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: {},
    connected: { type: 'final' },
  },
  output: ({ context }) => ({ account: context.account }),
})
