import { VIEW_NAMES, type ViewName } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  canClose,
  currentView,
  DEFAULT_FACTS,
  initialViewFor,
  type RouterEvent,
  type RouterFacts,
  routerMachine,
} from './router.machine.ts'

function start(facts: Partial<RouterFacts> = {}, ...events: RouterEvent[]) {
  const actor = createActor(routerMachine, { input: facts }).start()
  for (const event of events) actor.send(event)
  return actor
}

function state(actor: ReturnType<typeof start>) {
  const { context } = actor.getSnapshot()
  return { open: context.open, view: currentView(context), history: context.history }
}

const facts = (overrides: Partial<RouterFacts> = {}): RouterFacts => ({ ...DEFAULT_FACTS, ...overrides })
const SIWX_LOCKED = { siwxEnabled: true, siwxRequired: true, hasSiwxSession: false }

describe('opening rules (spec §2)', () => {
  it('starts closed', () => {
    expect(state(start())).toMatchObject({ open: false })
  })

  it('"with no wallet adapters and no connected address, a mobile device opens AllWallets"', () => {
    const actor = start({ hasAdapters: false, isMobile: true }, { type: 'OPEN' })
    expect(state(actor)).toEqual({ open: true, view: 'AllWallets', history: ['AllWallets'] })
  })

  it('"… and other devices open ConnectingWalletConnectBasic"', () => {
    const actor = start({ hasAdapters: false, isMobile: false }, { type: 'OPEN' })
    expect(state(actor)).toEqual({
      open: true,
      view: 'ConnectingWalletConnectBasic',
      history: ['ConnectingWalletConnectBasic'],
    })
  })

  it('"otherwise a connected address opens Account" (also without adapters)', () => {
    expect(state(start({ isConnected: true }, { type: 'OPEN' })).view).toBe('Account')
    expect(state(start({ isConnected: true, hasAdapters: false }, { type: 'OPEN' })).view).toBe('Account')
  })

  it('"… and no address opens Connect"', () => {
    expect(state(start({ isConnected: false, hasAdapters: true }, { type: 'OPEN' })).view).toBe('Connect')
  })

  it('"a specific view may be requested": the requested view wins over the connected state', () => {
    const actor = start({ isConnected: true }, { type: 'OPEN', view: 'Swap' })
    expect(state(actor)).toEqual({ open: true, view: 'Swap', history: ['Swap'] })
    const noAdapters = start({ hasAdapters: false, isMobile: true }, { type: 'OPEN', view: 'Connect' })
    expect(state(noAdapters).view).toBe('Connect')
  })

  it('OPEN starts a fresh history, even after the previous session left one behind', () => {
    const actor = start(
      { isConnected: true },
      { type: 'OPEN' },
      { type: 'PUSH', view: 'Swap' },
      { type: 'CLOSE' },
    )
    expect(state(actor)).toMatchObject({ open: false, history: ['Account', 'Swap'] })
    actor.send({ type: 'OPEN' })
    expect(state(actor).history).toEqual(['Account'])
  })

  it('initialViewFor follows the same rules', () => {
    expect(initialViewFor(facts({ hasAdapters: false, isMobile: true }))).toBe('AllWallets')
    expect(initialViewFor(facts({ hasAdapters: false }))).toBe('ConnectingWalletConnectBasic')
    expect(initialViewFor(facts({ isConnected: true }))).toBe('Account')
    expect(initialViewFor(facts())).toBe('Connect')
  })

  it.each(VIEW_NAMES)('any view (%s) can be requested and pushed', (view) => {
    const actor = start({}, { type: 'OPEN', view })
    expect(state(actor).view).toBe(view)
    const pushedOn = start(
      {},
      { type: 'OPEN', view: view === 'Swap' ? 'Connect' : 'Swap' },
      { type: 'PUSH', view },
    )
    expect(state(pushedOn).view).toBe(view)
  })
})

describe('history navigation', () => {
  it('PUSH adds a view; pushing the view already on top is ignored', () => {
    const actor = start(
      {},
      { type: 'OPEN' },
      { type: 'PUSH', view: 'AllWallets' },
      { type: 'PUSH', view: 'AllWallets' },
    )
    expect(state(actor).history).toEqual(['Connect', 'AllWallets'])
  })

  it('REPLACE swaps the top view', () => {
    const actor = start(
      {},
      { type: 'OPEN' },
      { type: 'PUSH', view: 'AllWallets' },
      { type: 'REPLACE', view: 'Networks' },
    )
    expect(state(actor).history).toEqual(['Connect', 'Networks'])
  })

  it('RESET leaves one view', () => {
    const actor = start(
      {},
      { type: 'OPEN' },
      { type: 'PUSH', view: 'AllWallets' },
      { type: 'RESET', view: 'Swap' },
    )
    expect(state(actor).history).toEqual(['Swap'])
  })
})

describe('back and close rules (spec §2)', () => {
  it('"going back pops the view history"', () => {
    const actor = start(
      {},
      { type: 'OPEN' },
      { type: 'PUSH', view: 'AllWallets' },
      { type: 'PUSH', view: 'ConnectingExternal' },
    )
    actor.send({ type: 'GO_BACK' })
    expect(state(actor)).toMatchObject({ open: true, history: ['Connect', 'AllWallets'] })
  })

  it('"with one entry left … going back closes the modal"', () => {
    const actor = start({}, { type: 'OPEN' }, { type: 'GO_BACK' })
    expect(state(actor)).toMatchObject({ open: false, history: ['Connect'] })
  })

  it('"when UnsupportedChain is in the history, going back closes the modal" (also deeper in the history)', () => {
    const actor = start(
      { isConnected: true },
      { type: 'CHAIN_CHECKED', supported: false },
      { type: 'PUSH', view: 'Networks' },
    )
    expect(state(actor).history).toEqual(['UnsupportedChain', 'Networks'])
    actor.send({ type: 'GO_BACK' })
    expect(state(actor).open).toBe(false)
  })

  it('CLOSE hides the modal and keeps the history until the next OPEN', () => {
    const actor = start({}, { type: 'OPEN' }, { type: 'PUSH', view: 'AllWallets' }, { type: 'CLOSE' })
    expect(state(actor)).toMatchObject({ open: false, history: ['Connect', 'AllWallets'] })
  })

  it('"in embedded mode, closing goes to Account if connected"', () => {
    const actor = start(
      { embedded: true, isConnected: true },
      { type: 'OPEN' },
      { type: 'PUSH', view: 'Swap' },
    )
    actor.send({ type: 'CLOSE' })
    expect(state(actor)).toEqual({ open: true, view: 'Account', history: ['Account'] })
  })

  it('"… otherwise to Connect" (embedded), and a back that closes does the same', () => {
    const actor = start(
      { embedded: true },
      { type: 'OPEN' },
      { type: 'PUSH', view: 'AllWallets' },
      { type: 'CLOSE' },
    )
    expect(state(actor)).toEqual({ open: true, view: 'Connect', history: ['Connect'] })
    const back = start({ embedded: true }, { type: 'OPEN', view: 'AllWallets' }, { type: 'GO_BACK' })
    expect(state(back)).toEqual({ open: true, view: 'Connect', history: ['Connect'] })
  })

  it.each(['SIWXSignMessage', 'ApproveTransaction'] as const)(
    '"closing is disabled on the sign-message and approve views while sign-in is required and no session exists" (%s)',
    (view) => {
      const actor = start(SIWX_LOCKED, { type: 'OPEN', view }, { type: 'CLOSE' })
      expect(state(actor)).toMatchObject({ open: true, view })
      actor.send({ type: 'GO_BACK' })
      expect(state(actor)).toMatchObject({ open: true, view })
    },
  )

  it.each([
    ['sign-in not required', { siwxRequired: false, hasSiwxSession: false }, 'SIWXSignMessage'],
    ['a session exists', { siwxRequired: true, hasSiwxSession: true }, 'SIWXSignMessage'],
    ['sign-in not required', { siwxRequired: false, hasSiwxSession: false }, 'ApproveTransaction'],
    ['another view', SIWX_LOCKED, 'Account'],
  ] as const)('closing is allowed when %s (%s → %s)', (_why, siwx, view: ViewName) => {
    const actor = start(siwx, { type: 'OPEN', view }, { type: 'CLOSE' })
    expect(state(actor).open).toBe(false)
  })

  it('the close lock lifts as soon as a session exists (FACTS)', () => {
    const actor = start(SIWX_LOCKED, { type: 'OPEN', view: 'SIWXSignMessage' }, { type: 'CLOSE' })
    expect(state(actor).open).toBe(true)
    actor.send({ type: 'FACTS', facts: { hasSiwxSession: true } })
    actor.send({ type: 'CLOSE' })
    expect(state(actor).open).toBe(false)
  })

  it('a locked view deeper in the history does not block closing; a pop from it is allowed', () => {
    const actor = start(
      SIWX_LOCKED,
      { type: 'OPEN', view: 'Account' },
      { type: 'PUSH', view: 'ApproveTransaction' },
    )
    actor.send({ type: 'PUSH', view: 'Networks' })
    actor.send({ type: 'GO_BACK' })
    expect(state(actor).view).toBe('ApproveTransaction')
    actor.send({ type: 'GO_BACK' })
    expect(state(actor).view).toBe('Account')
    actor.send({ type: 'CLOSE' })
    expect(state(actor).open).toBe(false)
  })

  it('canClose() is the same rule', () => {
    expect(canClose({ history: ['SIWXSignMessage'], facts: facts(SIWX_LOCKED) })).toBe(false)
    expect(canClose({ history: ['SIWXSignMessage', 'ApproveTransaction'], facts: facts(SIWX_LOCKED) })).toBe(
      false,
    )
    expect(canClose({ history: ['SIWXSignMessage', 'Account'], facts: facts(SIWX_LOCKED) })).toBe(true)
    expect(canClose({ history: ['SIWXSignMessage'], facts: facts() })).toBe(true)
  })
})

describe('flow events (spec §2)', () => {
  it('"UnsupportedChain is shown when the active network is not among the allowed networks, network switching is on and unsupported chains are not allowed"', () => {
    const actor = start({ isConnected: true }, { type: 'CHAIN_CHECKED', supported: false })
    expect(state(actor)).toEqual({ open: true, view: 'UnsupportedChain', history: ['UnsupportedChain'] })
    expect(actor.getSnapshot().context.facts.activeChainSupported).toBe(false)
  })

  it.each([
    ['network switching is off', { networkSwitchEnabled: false }],
    ['unsupported chains are allowed', { allowUnsupportedChain: true }],
  ])('UnsupportedChain is not shown when %s', (_why, overrides) => {
    const actor = start({ isConnected: true, ...overrides }, { type: 'CHAIN_CHECKED', supported: false })
    expect(state(actor)).toMatchObject({ open: false, view: 'Account' })
    expect(actor.getSnapshot().context.facts.activeChainSupported).toBe(false)
  })

  it('UnsupportedChain replaces whatever the open modal showed', () => {
    const actor = start({ isConnected: true }, { type: 'OPEN' }, { type: 'PUSH', view: 'Swap' })
    actor.send({ type: 'CHAIN_CHECKED', supported: false })
    expect(state(actor).history).toEqual(['UnsupportedChain'])
  })

  it('a repeated unsupported check keeps the UnsupportedChain detour as it is', () => {
    const actor = start(
      { isConnected: true },
      { type: 'CHAIN_CHECKED', supported: false },
      { type: 'PUSH', view: 'Networks' },
    )
    actor.send({ type: 'CHAIN_CHECKED', supported: false })
    expect(state(actor).history).toEqual(['UnsupportedChain', 'Networks'])
  })

  it('choice: a supported chain while UnsupportedChain is shown closes the modal', () => {
    const actor = start(
      { isConnected: true },
      { type: 'CHAIN_CHECKED', supported: false },
      { type: 'PUSH', view: 'Networks' },
    )
    actor.send({ type: 'CHAIN_CHECKED', supported: true })
    expect(state(actor).open).toBe(false)
    expect(actor.getSnapshot().context.facts.activeChainSupported).toBe(true)
  })

  it('choice: … in embedded mode that close goes to Account', () => {
    const actor = start(
      { isConnected: true, embedded: true },
      { type: 'OPEN' },
      { type: 'CHAIN_CHECKED', supported: false },
    )
    actor.send({ type: 'CHAIN_CHECKED', supported: true })
    expect(state(actor)).toEqual({ open: true, view: 'Account', history: ['Account'] })
  })

  it('a supported check elsewhere changes no view', () => {
    const actor = start(
      { isConnected: true },
      { type: 'OPEN', view: 'Swap' },
      { type: 'CHAIN_CHECKED', supported: true },
    )
    expect(state(actor)).toMatchObject({ open: true, history: ['Swap'] })
  })

  it('"ApproveTransaction is opened when an unsafe RPC request … is made": closed → opened on it', () => {
    const actor = start({ isConnected: true }, { type: 'UNSAFE_REQUEST' })
    expect(state(actor)).toEqual({ open: true, view: 'ApproveTransaction', history: ['ApproveTransaction'] })
  })

  it('… open → pushed on the current history', () => {
    const actor = start({ isConnected: true }, { type: 'OPEN' }, { type: 'UNSAFE_REQUEST' })
    expect(state(actor).history).toEqual(['Account', 'ApproveTransaction'])
  })

  it('"ConnectingExternal or ConnectingWalletConnect is pushed when the user picks a wallet"', () => {
    const external = start({}, { type: 'OPEN' }, { type: 'WALLET_SELECTED', connector: 'external' })
    expect(state(external).history).toEqual(['Connect', 'ConnectingExternal'])
    const wc = start(
      {},
      { type: 'OPEN' },
      { type: 'PUSH', view: 'AllWallets' },
      { type: 'WALLET_SELECTED', connector: 'walletConnect' },
    )
    expect(state(wc).history).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnect'])
  })

  it('"sending a token pushes Account"', () => {
    const actor = start({ isConnected: true }, { type: 'OPEN', view: 'Swap' }, { type: 'TOKEN_SENT' })
    expect(state(actor).history).toEqual(['Swap', 'Account'])
  })

  it.each(['SIGN_IN_CANCELLED', 'SIGN_IN_FAILED'] as const)(
    '"cancelling or failing sign-in resets to Connect" (%s)',
    (type) => {
      const actor = start(
        { isConnected: true, ...SIWX_LOCKED },
        { type: 'OPEN', view: 'SIWXSignMessage' },
        { type },
      )
      expect(state(actor)).toEqual({ open: true, view: 'Connect', history: ['Connect'] })
    },
  )
})

describe('connection events', () => {
  it.each([
    'Connect',
    'AllWallets',
    'ConnectingExternal',
    'ConnectingWalletConnect',
    'ConnectingWalletConnectBasic',
  ] as const)('CONNECTED on %s resets to Account', (view) => {
    const actor = start({}, { type: 'OPEN', view }, { type: 'CONNECTED' })
    expect(state(actor)).toEqual({ open: true, view: 'Account', history: ['Account'] })
    expect(actor.getSnapshot().context.facts.isConnected).toBe(true)
  })

  it('CONNECTED with sign-in required and no session opens SIWXSignMessage (spec §4 "after connecting on a supported network with no session, the sign-message view opens")', () => {
    const actor = start(
      SIWX_LOCKED,
      { type: 'OPEN' },
      { type: 'PUSH', view: 'ConnectingExternal' },
      { type: 'CONNECTED' },
    )
    expect(state(actor)).toEqual({ open: true, view: 'SIWXSignMessage', history: ['SIWXSignMessage'] })
    // …and the user cannot close it until signed in.
    actor.send({ type: 'CLOSE' })
    expect(state(actor).open).toBe(true)
  })

  it('CONNECTED with optional sign-in also opens SIWXSignMessage, which may then be closed (spec §4)', () => {
    const actor = start(
      { siwxEnabled: true, siwxRequired: false, hasSiwxSession: false },
      { type: 'OPEN' },
      { type: 'CONNECTED' },
    )
    expect(state(actor).view).toBe('SIWXSignMessage')
    actor.send({ type: 'CLOSE' })
    expect(state(actor).open).toBe(false)
  })

  it('CONNECTED with the siwe option signs in on ConnectingSiwe, locked like SIWXSignMessage (spec §2)', () => {
    const actor = start(
      { ...SIWX_LOCKED, signInView: 'ConnectingSiwe' },
      { type: 'OPEN' },
      { type: 'CONNECTED' },
    )
    expect(state(actor).view).toBe('ConnectingSiwe')
    actor.send({ type: 'CLOSE' })
    expect(state(actor).open).toBe(true)
  })

  it('CONNECTED with a session for the account goes to Account', () => {
    const actor = start({ ...SIWX_LOCKED, hasSiwxSession: true }, { type: 'OPEN' }, { type: 'CONNECTED' })
    expect(state(actor).view).toBe('Account')
  })

  it('CONNECTED on an unsupported network goes to Account, not to the sign-message view', () => {
    const actor = start(
      { ...SIWX_LOCKED, activeChainSupported: false },
      { type: 'OPEN' },
      { type: 'CONNECTED' },
    )
    expect(state(actor).view).toBe('Account')
  })

  it('CONNECTED while closed, or on another view, only records the fact', () => {
    const closed = start({}, { type: 'CONNECTED' })
    expect(state(closed)).toMatchObject({ open: false })
    expect(closed.getSnapshot().context.facts.isConnected).toBe(true)
    const elsewhere = start({}, { type: 'OPEN', view: 'Swap' }, { type: 'CONNECTED' })
    expect(state(elsewhere).history).toEqual(['Swap'])
  })

  it('DISCONNECTED resets an open modal to Connect', () => {
    const actor = start(
      { isConnected: true },
      { type: 'OPEN' },
      { type: 'PUSH', view: 'Swap' },
      { type: 'DISCONNECTED' },
    )
    expect(state(actor)).toEqual({ open: true, view: 'Connect', history: ['Connect'] })
    expect(actor.getSnapshot().context.facts.isConnected).toBe(false)
  })

  it('DISCONNECTED while closed only records the fact; the next OPEN shows Connect', () => {
    const actor = start({ isConnected: true }, { type: 'OPEN' }, { type: 'CLOSE' }, { type: 'DISCONNECTED' })
    expect(state(actor)).toMatchObject({ open: false, history: ['Account'] })
    actor.send({ type: 'OPEN' })
    expect(state(actor).view).toBe('Connect')
  })

  it('FACTS merges partial facts', () => {
    const actor = start({ isMobile: true }, { type: 'FACTS', facts: { hasAdapters: false } })
    expect(actor.getSnapshot().context.facts).toEqual(facts({ isMobile: true, hasAdapters: false }))
    actor.send({ type: 'OPEN' })
    expect(state(actor).view).toBe('AllWallets')
  })
})
