/**
 * The modal's root machine (ARCHITECTURE.md "Modal internals"). It runs the router (spec §2
 * opening, back and close rules), the toasts and the connect flow of the moment as child actors,
 * and owns the timings of the frame: the close animation and the shake of a refused close are
 * `after` delays, and a connect flow is a child actor that is stopped (its wallet request aborted)
 * as soon as its state is left. What the flows do to the world (connect, report progress) are
 * actions the session provides, so this file is behaviour as data and its tests use a fake clock.
 */
import { ANIMATION, TIME } from '@walletframe/protocol'
import { assign, type EventFromLogic, enqueueActions, raise, type SnapshotFrom, sendTo, setup } from 'xstate'
import { connectionMachine } from '../features/connect/connection.machine.ts'
import type { ConnectedAccount, WalletConnector } from '../features/core/connector.ts'
import { type EmailLoginInput, emailLoginMachine } from '../features/embedded/email-login.machine.ts'
import { type SocialLoginInput, socialLoginMachine } from '../features/social/social-login.machine.ts'
import { type Toast, type ToastEvent, toastMachine } from '../features/toast/toast.machine.ts'
import { type FlowKind, type FlowReport, isShown, type ModalFlow, reportOf } from './modal-flows.ts'

export type { FlowKind, FlowReport, ModalFlow } from './modal-flows.ts'

import {
  canClose,
  currentView,
  type RouterContext,
  type RouterEvent,
  type RouterFacts,
  routerMachine,
} from './router/router.machine.ts'

export type ModalEvent =
  | { type: 'ROUTER'; event: RouterEvent }
  | { type: 'CLOSE' }
  | { type: 'SHAKE' }
  | {
      type: 'START_FLOW'
      kind: FlowKind
      connector: WalletConnector
      login?: EmailLoginInput
      social?: SocialLoginInput
    }
  | { type: 'EMAIL'; event: EventFromLogic<typeof emailLoginMachine> }
  | { type: 'SOCIAL'; event: EventFromLogic<typeof socialLoginMachine> }
  | { type: 'CANCEL_FLOW' }
  | { type: 'RETRY_FLOW' }
  | { type: 'TOAST'; event: ToastEvent; delayMs?: number }

export interface ModalContext {
  router: RouterContext
  toast?: Toast
  /** The WalletConnect connector, when the deployment has a relay. */
  walletConnect?: WalletConnector
  flow?: ModalFlow
}

export interface ModalInput {
  facts: RouterFacts
  walletConnect?: WalletConnector
}

/** A new flow replaces the running one; the email and social logins run their own machines. */
const startFlow = [
  { guard: 'startsEmailFlow', target: 'emailLogin', reenter: true, actions: 'startFlow' },
  { guard: 'startsSocialFlow', target: 'socialLogin', reenter: true, actions: 'startFlow' },
  { target: 'running', reenter: true, actions: 'startFlow' },
] as const

const connectedParams = ({
  context,
  event,
}: {
  context: ModalContext
  event: { output: { account: ConnectedAccount | undefined } }
}) => ({ kind: context.flow!.kind, connector: context.flow!.connector, account: event.output.account! })

/** A flow lives while its view is shown: closing the modal or leaving the view ends it. */
const LEAVE_WITH_ITS_VIEW = [
  { guard: 'routerClosed', target: 'idle' },
  { guard: 'flowViewLeft', target: 'idle' },
] as const

/** Every running flow: a new one replaces it, a cancel ends it. */
const FLOW_EVENTS = { START_FLOW: startFlow, CANCEL_FLOW: 'idle' } as const

/** A login flow (email, social) ends connected: its output is the account it signed in. */
const LOGIN_DONE = { target: 'idle', actions: { type: 'connected', params: connectedParams } } as const

export const modalMachine = setup({
  types: {
    context: {} as ModalContext,
    events: {} as ModalEvent,
    input: {} as ModalInput,
  },
  actors: {
    router: routerMachine,
    connection: connectionMachine,
    emailLogin: emailLoginMachine,
    socialLogin: socialLoginMachine,
    toast: toastMachine,
  },
  actions: {
    // Provided by the session: what a flow's progress and outcome do to the connection state.
    reportFlow: (_, _report: FlowReport) => {},
    reportEmail: (_, _login: SnapshotFrom<typeof emailLoginMachine> | undefined) => {},
    reportSocial: (_, _login: SnapshotFrom<typeof socialLoginMachine> | undefined) => {},
    connected: (_, _outcome: { kind: FlowKind; connector: WalletConnector; account: ConnectedAccount }) => {},
    /** The router closed the modal: whoever waits for a connection hears the user walked away. */
    closed: () => {},
    startFlow: assign(({ context, event }) =>
      event.type === 'START_FLOW'
        ? {
            flow: {
              kind: event.kind,
              connector: event.connector,
              shown: isShown(event.kind, context.router),
              ...(event.login ? { login: event.login } : {}),
              ...(event.social ? { social: event.social } : {}),
            },
          }
        : {},
    ),
    clearFlow: assign({ flow: undefined }),
  },
  guards: {
    startsEmailFlow: ({ event }) => event.type === 'START_FLOW' && event.kind === 'email',
    startsSocialFlow: ({ event }) => event.type === 'START_FLOW' && event.kind === 'social',
    routerOpen: ({ context }) => context.router.open,
    routerClosed: ({ context }) => !context.router.open,
    closeRefused: ({ context }) => context.router.open && !canClose(context.router),
    flowViewLeft: ({ context }) =>
      context.flow?.shown === true && !isShown(context.flow.kind, context.router),
  },
}).createMachine({
  id: 'modal',
  type: 'parallel',
  context: ({ input }) => ({
    router: { open: false, history: ['Connect'], facts: input.facts },
    ...(input.walletConnect ? { walletConnect: input.walletConnect } : {}),
  }),
  invoke: [
    {
      id: 'router',
      src: 'router',
      input: ({ context }) => context.router.facts,
      onSnapshot: {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const router = event.snapshot.context
          const { flow, walletConnect } = context
          enqueue.assign(
            flow && !flow.shown && isShown(flow.kind, router)
              ? { router, flow: { ...flow, shown: true } }
              : { router },
          )
          // Spec §2: the WalletConnect flow starts when one of its views comes on screen.
          if (walletConnect && isShown('walletConnect', router) && !isShown('walletConnect', context.router))
            enqueue.raise({ type: 'START_FLOW', kind: 'walletConnect', connector: walletConnect })
        }),
      },
    },
    {
      id: 'toast',
      src: 'toast',
      onSnapshot: { actions: assign({ toast: ({ event }) => event.snapshot.context.current }) },
    },
  ],
  on: {
    ROUTER: { actions: sendTo('router', ({ event }) => event.event) },
    // Spec §6: a disallowed method's error shows TIME.disallowedRpcErrorDelayMs after the modal opened.
    TOAST: [
      {
        guard: ({ event }) => event.delayMs !== undefined,
        actions: sendTo('toast', ({ event }) => event.event, { delay: ({ event }) => event.delayMs ?? 0 }),
      },
      { actions: sendTo('toast', ({ event }) => event.event) },
    ],
    CLOSE: [
      { guard: 'closeRefused', actions: raise({ type: 'SHAKE' }) },
      { actions: sendTo('router', { type: 'CLOSE' }) },
    ],
  },
  states: {
    presentation: {
      initial: 'closed',
      states: {
        closed: { always: { guard: 'routerOpen', target: 'open' } },
        open: { always: { guard: 'routerClosed', target: 'closing', actions: 'closed' } },
        // The frame stays drawn for the close animation; the host hides it afterwards.
        closing: {
          after: { [ANIMATION.modalHeightMs]: 'closed' },
          always: { guard: 'routerOpen', target: 'open' },
        },
      },
    },
    // Spec §2: a close the rules refuse (sign-in required) shakes the card instead.
    shake: {
      initial: 'still',
      states: {
        still: { on: { SHAKE: 'shaking' } },
        shaking: { after: { [TIME.shakeMs]: 'still' }, on: { SHAKE: { target: 'shaking', reenter: true } } },
      },
    },
    flow: {
      initial: 'idle',
      states: {
        idle: { entry: 'clearFlow', on: { START_FLOW: startFlow } },
        running: {
          invoke: {
            id: 'flow',
            src: 'connection',
            input: ({ context }) => ({ connector: context.flow!.connector }),
            onSnapshot: {
              actions: {
                type: 'reportFlow',
                params: ({ context, event }) => reportOf(context.flow!.kind, event.snapshot),
              },
            },
            onDone: [
              {
                guard: ({ event }) => event.output.account !== undefined,
                target: 'idle',
                actions: { type: 'connected', params: connectedParams },
              },
              { target: 'idle' },
            ],
          },
          always: LEAVE_WITH_ITS_VIEW,
          on: { ...FLOW_EVENTS, RETRY_FLOW: { actions: sendTo('flow', { type: 'RETRY' }) } },
          exit: {
            type: 'reportFlow',
            params: ({ context }) => ({ kind: context.flow!.kind, progress: undefined }),
          },
        },
        emailLogin: {
          invoke: {
            id: 'flow',
            src: 'emailLogin',
            input: ({ context }) => context.flow!.login!,
            onSnapshot: { actions: { type: 'reportEmail', params: ({ event }) => event.snapshot } },
            onDone: LOGIN_DONE,
          },
          always: LEAVE_WITH_ITS_VIEW,
          on: { ...FLOW_EVENTS, EMAIL: { actions: sendTo('flow', ({ event }) => event.event) } },
          exit: { type: 'reportEmail', params: undefined },
        },
        socialLogin: {
          invoke: {
            id: 'flow',
            src: 'socialLogin',
            input: ({ context }) => context.flow!.social!,
            onSnapshot: { actions: { type: 'reportSocial', params: ({ event }) => event.snapshot } },
            onDone: LOGIN_DONE,
          },
          always: LEAVE_WITH_ITS_VIEW,
          on: { ...FLOW_EVENTS, SOCIAL: { actions: sendTo('flow', ({ event }) => event.event) } },
          exit: { type: 'reportSocial', params: undefined },
        },
      },
    },
  },
})

/** What the views show of the root machine: the router's screen, the frame's timings, the toast. */
export function viewStateOf(snapshot: SnapshotFrom<typeof modalMachine>) {
  const { router, toast } = snapshot.context
  const value = snapshot.value as { presentation: string; shake: string }
  return {
    open: router.open,
    view: currentView(router),
    canGoBack: router.history.length > 1,
    closing: value.presentation === 'closing',
    shaking: value.shake === 'shaking',
    toast,
  }
}
