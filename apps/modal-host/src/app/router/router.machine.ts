/**
 * The modal router (spec §2 "Opening rules" and "Back and close rules").
 *
 * There are no URL routes: the router is a view history plus an open flag. The whole state lives in
 * context, so the machine has a single state and every rule is a guarded transition; the React app
 * renders `currentView(context)` and reports `{ open, view }` to the SDK.
 *
 * Choices the spec leaves open (see also the tests):
 * - CONNECTED while the modal shows a connect view goes to SIWXSignMessage when sign-in is required,
 *   there is no session and the chain is supported (spec §4 "Wallet sign-in"), else to Account.
 *   Optional sign-in (not required) is left to the sign-in flow, which can PUSH the view itself.
 * - CHAIN_CHECKED with a supported chain while UnsupportedChain is shown closes the modal (with the
 *   embedded-mode close rule): the router opened that view on its own, so once the cause is gone it
 *   goes back to where the user was, and it matches "UnsupportedChain in the history: back closes".
 * - PUSH of the view already on top is ignored, so a double click does not need two backs.
 */
import type { ViewName } from '@walletframe/protocol'
import { assign, not, setup } from 'xstate'

export interface RouterFacts {
  isConnected: boolean
  /** Injected/announced wallets or other adapters are available besides WalletConnect. */
  hasAdapters: boolean
  isMobile: boolean
  embedded: boolean
  /** The integrator asked for wallet sign-in (spec §4): the sign-in view follows a connection. */
  siwxEnabled: boolean
  /** The sign-in view: ConnectingSiwe for the `siwe` option, SIWXSignMessage for `siwx` (spec §2). */
  signInView: 'SIWXSignMessage' | 'ConnectingSiwe'
  siwxRequired: boolean
  hasSiwxSession: boolean
  networkSwitchEnabled: boolean
  allowUnsupportedChain: boolean
  activeChainSupported: boolean
}

export interface RouterContext {
  open: boolean
  /** Never empty; the last entry is the current view. Kept while closed, until the next OPEN. */
  history: ViewName[]
  facts: RouterFacts
}

export type RouterEvent =
  | { type: 'OPEN'; view?: ViewName }
  | { type: 'PUSH'; view: ViewName }
  | { type: 'REPLACE'; view: ViewName }
  | { type: 'RESET'; view: ViewName }
  | { type: 'GO_BACK' }
  | { type: 'CLOSE' }
  | { type: 'FACTS'; facts: Partial<RouterFacts> }
  | { type: 'WALLET_SELECTED'; connector: 'external' | 'walletConnect' }
  | { type: 'UNSAFE_REQUEST' }
  | { type: 'TOKEN_SENT' }
  | { type: 'SIGN_IN_CANCELLED' }
  | { type: 'SIGN_IN_FAILED' }
  | { type: 'CONNECTED' }
  | { type: 'DISCONNECTED' }
  | { type: 'CHAIN_CHECKED'; supported: boolean }

export type RouterInput = Partial<RouterFacts>

export const DEFAULT_FACTS: RouterFacts = {
  isConnected: false,
  hasAdapters: true,
  isMobile: false,
  embedded: false,
  siwxEnabled: false,
  signInView: 'SIWXSignMessage',
  siwxRequired: false,
  hasSiwxSession: false,
  networkSwitchEnabled: true,
  allowUnsupportedChain: false,
  activeChainSupported: true,
}

/** Views where a wallet connection is in progress; CONNECTED moves on from them. */
export const CONNECTING_VIEWS: readonly ViewName[] = [
  'Connect',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'Email',
]

/** Spec §2: "the sign-message and approve views". */
const SIGN_IN_LOCKED_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ConnectingSiwe', 'ApproveTransaction']

// ---- pure helpers (also used by the React app) ----

export function currentView(context: Pick<RouterContext, 'history'>): ViewName {
  return context.history.at(-1) ?? 'Connect'
}

/** Spec §2 opening rules, for an OPEN without a requested view. */
export function initialViewFor(facts: RouterFacts): ViewName {
  if (!facts.hasAdapters && !facts.isConnected) {
    return facts.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  }
  return facts.isConnected ? 'Account' : 'Connect'
}

/** "Closing is disabled on the sign-message and approve views while sign-in is required and no session exists." */
export function canClose(context: Pick<RouterContext, 'history' | 'facts'>): boolean {
  const { siwxRequired, hasSiwxSession } = context.facts
  return !(SIGN_IN_LOCKED_VIEWS.includes(currentView(context)) && siwxRequired && !hasSiwxSession)
}

/** "UnsupportedChain is shown when the active network is not among the allowed networks, network switching is on and unsupported chains are not allowed." */
export function shouldShowUnsupportedChain(facts: RouterFacts): boolean {
  return !facts.activeChainSupported && facts.networkSwitchEnabled && !facts.allowUnsupportedChain
}

/** The view after CONNECTED (see the header comment). */
export function viewAfterConnect(facts: RouterFacts): ViewName {
  const needsSignIn = facts.siwxEnabled && !facts.hasSiwxSession && facts.activeChainSupported
  return needsSignIn ? facts.signInView : 'Account'
}

function closed(context: RouterContext): Pick<RouterContext, 'open' | 'history'> {
  // "In embedded mode, closing goes to Account if connected, otherwise to Connect": it never hides.
  if (context.facts.embedded) {
    return { open: context.open, history: [context.facts.isConnected ? 'Account' : 'Connect'] }
  }
  return { open: false, history: context.history }
}

function onUnsupportedChainDetour(context: RouterContext): boolean {
  return context.open && context.history.includes('UnsupportedChain')
}

function pushed(history: ViewName[], view: ViewName): ViewName[] {
  return history.at(-1) === view ? history : [...history, view]
}

// ---- the machine ----

export const routerMachine = setup({
  types: {
    context: {} as RouterContext,
    events: {} as RouterEvent,
    input: {} as RouterInput | undefined,
  },
  guards: {
    canClose: ({ context }) => canClose(context),
    /** "With one entry left, or when UnsupportedChain is in the history, going back closes the modal." */
    backCloses: ({ context }) => context.history.length <= 1 || context.history.includes('UnsupportedChain'),
    onConnectingView: ({ context }) => context.open && CONNECTING_VIEWS.includes(currentView(context)),
    // Already on the UnsupportedChain detour (maybe with Networks pushed on it): a repeated check
    // must not throw away where the user is.
    showsUnsupportedChain: ({ context, event }) =>
      event.type === 'CHAIN_CHECKED' &&
      shouldShowUnsupportedChain({ ...context.facts, activeChainSupported: event.supported }) &&
      !onUnsupportedChainDetour(context),
    leavesUnsupportedChain: ({ context, event }) =>
      event.type === 'CHAIN_CHECKED' && event.supported && onUnsupportedChainDetour(context),
  },
  actions: {
    open: assign(({ context, event }) => ({
      open: true,
      history: [(event.type === 'OPEN' && event.view) || initialViewFor(context.facts)],
    })),
    push: assign(({ context, event }) => {
      if (event.type !== 'PUSH') return {}
      return { history: pushed(context.history, event.view) }
    }),
    replace: assign(({ context, event }) => {
      if (event.type !== 'REPLACE') return {}
      return { history: [...context.history.slice(0, -1), event.view] }
    }),
    reset: assign(({ event }) => (event.type === 'RESET' ? { history: [event.view] } : {})),
    pop: assign(({ context }) => ({ history: context.history.slice(0, -1) })),
    close: assign(({ context }) => closed(context)),
    mergeFacts: assign(({ context, event }) => {
      if (event.type !== 'FACTS') return {}
      return { facts: { ...context.facts, ...event.facts } }
    }),
    pushWallet: assign(({ context, event }) => {
      if (event.type !== 'WALLET_SELECTED') return {}
      const view = event.connector === 'external' ? 'ConnectingExternal' : 'ConnectingWalletConnect'
      return { history: pushed(context.history, view) }
    }),
    openApproval: assign(({ context }) => ({
      open: true,
      history: context.open ? pushed(context.history, 'ApproveTransaction') : ['ApproveTransaction' as const],
    })),
    pushAccount: assign(({ context }) => ({ history: pushed(context.history, 'Account') })),
    resetToConnect: assign({ history: ['Connect'] }),
    markConnected: assign(({ context }) => ({ facts: { ...context.facts, isConnected: true } })),
    resetAfterConnect: assign(({ context }) => ({ history: [viewAfterConnect(context.facts)] })),
    markDisconnected: assign(({ context }) => ({ facts: { ...context.facts, isConnected: false } })),
    resetToConnectIfOpen: assign(({ context }) => (context.open ? { history: ['Connect'] } : {})),
    recordChain: assign(({ context, event }) => {
      if (event.type !== 'CHAIN_CHECKED') return {}
      return { facts: { ...context.facts, activeChainSupported: event.supported } }
    }),
    showUnsupportedChain: assign({ open: true, history: ['UnsupportedChain'] }),
  },
}).createMachine({
  id: 'router',
  context: ({ input }) => {
    const facts = { ...DEFAULT_FACTS, ...input }
    return { open: false, history: [initialViewFor(facts)], facts }
  },
  on: {
    OPEN: { actions: 'open' },
    PUSH: { actions: 'push' },
    REPLACE: { actions: 'replace' },
    RESET: { actions: 'reset' },
    GO_BACK: [
      { guard: not('backCloses'), actions: 'pop' },
      // A back that closes is a close, so the sign-in lock applies to it too.
      { guard: 'canClose', actions: 'close' },
    ],
    CLOSE: { guard: 'canClose', actions: 'close' },
    FACTS: { actions: 'mergeFacts' },
    WALLET_SELECTED: { actions: 'pushWallet' },
    UNSAFE_REQUEST: { actions: 'openApproval' },
    TOKEN_SENT: { actions: 'pushAccount' },
    SIGN_IN_CANCELLED: { actions: 'resetToConnect' },
    SIGN_IN_FAILED: { actions: 'resetToConnect' },
    CONNECTED: [
      { guard: 'onConnectingView', actions: ['markConnected', 'resetAfterConnect'] },
      { actions: 'markConnected' },
    ],
    DISCONNECTED: { actions: ['markDisconnected', 'resetToConnectIfOpen'] },
    CHAIN_CHECKED: [
      { guard: 'showsUnsupportedChain', actions: ['recordChain', 'showUnsupportedChain'] },
      { guard: 'leavesUnsupportedChain', actions: ['recordChain', 'close'] },
      { actions: 'recordChain' },
    ],
  },
})

export type RouterMachine = typeof routerMachine
