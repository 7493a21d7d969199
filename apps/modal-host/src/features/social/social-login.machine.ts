/**
 * Social and Farcaster login (spec §4 "Embedded frame", §7 connect social / farcaster;
 * docs/social-login.md). Social: the login window (opened in the click) goes to the redirect URI the
 * key frame makes, and the key server's callback page posts back the URL it was sent to; the key frame
 * checks it (frame.connectSocial) and answers with a session, or a code to enter first when the
 * identity's email belongs to an email wallet. Farcaster: the key frame's Sign In With Farcaster
 * URL is shown as a QR code, and frame.connectFarcaster answers once the phone has signed. Then, for
 * a new user, the wallet is set up in the key frame, as after an email login. Every key-frame step has
 * its deadline (30 s for the auth steps: the socials-timeout alert); the window's close is polled on
 * the machine's clock. Leaving the flow (its view, the modal) stops it and cancels the step.
 */
import {
  CHANNEL_ERRORS,
  FRAME_ERRORS,
  type SocialProvider,
  toWireError,
  type WireError,
} from '@walletframe/protocol'
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { ConnectedAccount } from '../core/index.ts'
import type { AuthConnector } from '../embedded/index.ts'
import type { SocialPopup } from './social-popup.ts'

/** How often the flow looks whether the user closed the login window (no event tells it). */
export const POPUP_POLL_MS = 250

export interface SocialLoginInput {
  provider: SocialProvider
  connector: AuthConnector
  /** The login window, opened in the click; none for Farcaster. */
  popup?: SocialPopup
  /** Keeps the provider and user name as hints through the SDK (spec §3), before the account is read. */
  remember(userName: string | undefined): void
}

interface StepInput {
  login: SocialLoginInput
  value?: string | undefined
}

type Context = {
  login: SocialLoginInput
  /** The callback URL (social), or the Sign In With Farcaster URL the QR code shows. */
  uri?: string
  farcasterUrl?: string
  userName?: string
  /** The email the link code went to (VERIFY_OTP). */
  email?: string
  code?: string
  error?: WireError
  account?: ConnectedAccount
}

const step = <T>(run: (input: StepInput, signal: AbortSignal) => Promise<T>) =>
  fromPromise(({ input, signal }: { input: StepInput; signal: AbortSignal }) => run(input, signal))
const frameOf = (input: StepInput) => input.login.connector.frame()
const stepInput = ({ context }: { context: Context }) => ({ login: context.login })
const errorOf = (event: unknown) => toWireError((event as { error?: unknown }).error)

export const socialLoginMachine = setup({
  types: {
    context: {} as Context,
    input: {} as SocialLoginInput,
    events: {} as
      | { type: 'SUBMIT_CODE'; code: string }
      | { type: 'RETRY' }
      | { type: 'CALLBACK'; url: string },
    output: {} as { account: ConnectedAccount | undefined },
  },
  actors: {
    redirectUri: step(async ({ login }, signal) =>
      (await frameOf({ login })).request(
        'frame.getSocialRedirectUri',
        { provider: login.provider },
        { signal },
      ),
    ),
    /**
     * The callback page's message, from the login window only (see social-popup.ts). Whatever ends
     * the wait (the answer, a failure, the flow left) closes the window.
     */
    callback: fromCallback<{ type: 'CALLBACK'; url: string }, SocialPopup>(({ input, sendBack }) => {
      const stop = input.onCallback((url) => sendBack({ type: 'CALLBACK', url }))
      return () => {
        stop()
        input.close()
      }
    }),
    leftAnswer: step(async (input, signal) =>
      (await frameOf(input)).request('frame.awaitSocialAnswer', {}, { signal }),
    ),
    connectSocial: step(async (input, signal) =>
      (await frameOf(input)).request('frame.connectSocial', { uri: input.value ?? '' }, { signal }),
    ),
    verifyCode: step(async (input, signal) =>
      (await frameOf(input)).request('frame.connectOtp', { otp: input.value ?? '' }, { signal }),
    ),
    farcasterUri: step(async (input, signal) =>
      (await frameOf(input)).request('frame.getFarcasterUri', {}, { signal }),
    ),
    connectFarcaster: step(async (input, signal) =>
      (await frameOf(input)).request('frame.connectFarcaster', {}, { signal }),
    ),
    setupWallet: step(async (input, signal) =>
      (await frameOf(input)).request('frame.setupWallet', {}, { signal }),
    ),
    finish: step((input, signal) => input.login.connector.connect({ signal })),
  },
  actions: {
    clearError: assign({ error: undefined }),
    fail: assign({ error: ({ event }) => errorOf(event) }),
    popupBlocked: assign({ error: () => toWireError(FRAME_ERRORS.socialPopupBlocked) }),
    popupClosed: assign({ error: () => toWireError(FRAME_ERRORS.socialPopupClosed) }),
    remember: ({ context }) => context.login.remember(context.userName),
  },
  guards: {
    farcaster: ({ context }) => context.login.provider === 'farcaster',
    popupBlocked: ({ context }) => context.login.popup === undefined,
    popupGone: ({ context }) => context.login.popup?.closed() === true,
    /** The phone has not signed (no answer was left) yet: the key frame's long wait ran out, so it is asked again. */
    unsigned: ({ event }) => errorOf(event).reason === CHANNEL_ERRORS.timeout.reason,
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({ login: input }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'farcaster', target: 'farcasterUri' },
        { guard: 'popupBlocked', target: 'failed', actions: 'popupBlocked' },
        { guard: 'popupGone', target: 'failed', actions: 'popupClosed' },
        { target: 'popup' },
      ],
    },
    // The login window is open: its redirect, then the callback page's message, while its close is watched.
    popup: {
      type: 'parallel',
      invoke: { src: 'callback', input: ({ context }) => context.login.popup! },
      on: { CALLBACK: { target: 'connecting', actions: assign({ uri: ({ event }) => event.url }) } },
      states: {
        redirect: {
          initial: 'asking',
          states: {
            asking: {
              invoke: {
                src: 'redirectUri',
                input: stepInput,
                onDone: {
                  target: 'sent',
                  actions: ({ context, event }) => context.login.popup?.navigate(event.output.uri),
                },
                onError: { target: '#socialLogin.failed', actions: 'fail' },
              },
            },
            sent: {},
          },
        },
        watch: {
          initial: 'open',
          states: {
            open: {
              after: {
                [POPUP_POLL_MS]: [
                  { guard: 'popupGone', target: '#socialLogin.cutOff' },
                  { target: 'open', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
    /**
     * The window is closed, or cut off by the provider's Cross-Origin-Opener-Policy, which looks the
     * same from here: the user is told, and an answer its callback page left with the key server
     * still connects (frame.awaitSocialAnswer, asked again while none came).
     */
    cutOff: {
      entry: 'popupClosed',
      invoke: {
        src: 'leftAnswer',
        input: stepInput,
        onDone: {
          target: 'connecting',
          actions: [assign({ uri: ({ event }) => event.output.uri }), 'clearError'],
        },
        onError: [{ guard: 'unsigned', target: 'cutOff', reenter: true }, { target: 'failed' }],
      },
    },
    connecting: {
      invoke: {
        src: 'connectSocial',
        input: ({ context }) => ({ login: context.login, value: context.uri }),
        onDone: [
          {
            guard: ({ event }) => event.output.action === 'VERIFY_OTP',
            target: 'code',
            actions: assign(({ event }) => ({ userName: event.output.userName, email: event.output.email })),
          },
          {
            guard: ({ event }) => event.output.needsSetup,
            target: 'setup',
            actions: assign({ userName: ({ event }) => event.output.userName }),
          },
          { target: 'finishing', actions: assign({ userName: ({ event }) => event.output.userName }) },
        ],
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    code: {
      on: { SUBMIT_CODE: { target: 'verifying', actions: assign({ code: ({ event }) => event.code }) } },
    },
    verifying: {
      entry: 'clearError',
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ login: context.login, value: context.code }),
        onDone: [{ guard: ({ event }) => event.output.needsSetup, target: 'setup' }, { target: 'finishing' }],
        onError: { target: 'code', actions: 'fail' },
      },
    },
    farcasterUri: {
      entry: 'clearError',
      invoke: {
        src: 'farcasterUri',
        input: stepInput,
        onDone: { target: 'farcaster', actions: assign({ farcasterUrl: ({ event }) => event.output.url }) },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    // The QR code is shown; the key frame answers once the phone has signed the request.
    farcaster: {
      invoke: {
        src: 'connectFarcaster',
        input: stepInput,
        onDone: [
          {
            guard: ({ event }) => event.output.needsSetup,
            target: 'setup',
            actions: assign({ userName: ({ event }) => event.output.userName }),
          },
          { target: 'finishing', actions: assign({ userName: ({ event }) => event.output.userName }) },
        ],
        onError: [
          { guard: 'unsigned', target: 'farcaster', reenter: true },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    setup: {
      invoke: {
        src: 'setupWallet',
        input: stepInput,
        onDone: 'finishing',
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    finishing: {
      entry: 'remember',
      invoke: {
        src: 'finish',
        input: stepInput,
        onDone: { target: 'connected', actions: assign({ account: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: {
      // Farcaster: a new request and QR code. A social login starts again from a click (a new window).
      on: { RETRY: { guard: 'farcaster', target: 'farcasterUri' } },
    },
    connected: { type: 'final' },
  },
  output: ({ context }) => ({ account: context.account }),
})
