/**
 * The root machine, tested as a model: every shortest path of the router's opening, back and
 * close rules (spec §2) is replayed on the live root actor with a fake clock, checking at each step
 * that the root runs the router faithfully and owns the frame's timings (close animation, shake).
 * Then the connect flow as a child actor: started, reported, and stopped when its view is left.
 */
import { ANIMATION, TIME } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { ConnectedAccount, WalletConnector } from '../features/core/connector.ts'
import { type FlowReport, modalMachine, viewStateOf } from './modal.machine.ts'
import {
  canClose,
  DEFAULT_FACTS,
  type RouterEvent,
  type RouterFacts,
  routerMachine,
} from './router/router.machine.ts'

const ROUTER_EVENTS: RouterEvent[] = [
  { type: 'OPEN' },
  { type: 'OPEN', view: 'Account' },
  { type: 'PUSH', view: 'Networks' },
  { type: 'WALLET_SELECTED', connector: 'external' },
  { type: 'GO_BACK' },
  { type: 'CLOSE' },
  { type: 'CONNECTED' },
  { type: 'DISCONNECTED' },
  { type: 'CHAIN_CHECKED', supported: false },
  { type: 'CHAIN_CHECKED', supported: true },
]

function startRoot(
  facts: RouterFacts,
  actions: Partial<Record<'reportFlow' | 'connected' | 'closed', () => void>> = {},
) {
  const clock = new SimulatedClock()
  const root = createActor(modalMachine.provide({ actions }), { clock, input: { facts } }).start()
  return { root, clock, view: () => viewStateOf(root.getSnapshot()) }
}

function routerPaths(facts: RouterFacts) {
  return getShortestPaths(routerMachine, {
    input: facts,
    events: ROUTER_EVENTS,
    // Open, history and the facts the rules read: enough to tell every situation apart.
    serializeState: (snapshot) => JSON.stringify(snapshot.context),
    stopWhen: (snapshot) => snapshot.context.history.length > 3,
  })
}

describe.each([
  { label: 'without sign-in', facts: DEFAULT_FACTS, refusals: false },
  {
    label: 'with sign-in required',
    facts: { ...DEFAULT_FACTS, siwxEnabled: true, siwxRequired: true },
    refusals: true,
  },
])('every path of the router rules on the root machine ($label)', ({ facts, refusals }) => {
  const paths = routerPaths(facts)

  it('covers many situations', () => {
    expect(paths.length).toBeGreaterThan(20)
  })

  it('runs the router faithfully and animates every close', () => {
    let closes = 0
    for (const path of paths) {
      const { root, clock, view } = startRoot(facts)
      for (const step of path.steps) {
        const before = view()
        root.send(step.event.type === 'CLOSE' ? { type: 'CLOSE' } : { type: 'ROUTER', event: step.event })
        const after = view()
        expect(root.getSnapshot().context.router).toEqual(step.state.context)
        if (before.open && !after.open) {
          closes++
          // Closed: drawn for the close animation, then gone.
          expect(after.closing).toBe(true)
          clock.increment(ANIMATION.modalHeightMs - 1)
          expect(view().closing).toBe(true)
          clock.increment(1)
          expect(view().closing).toBe(false)
        }
        // Each step changes the router's state, so no step is a refused close.
        expect(after.shaking).toBe(false)
      }
    }
    expect(closes).toBeGreaterThan(0)
  })

  it('closes every open situation with a close, unless the sign-in rules refuse it (then it shakes)', () => {
    let refused = 0
    for (const path of paths.filter((candidate) => candidate.state.context.open)) {
      const { root, clock, view } = startRoot(facts)
      for (const step of path.steps)
        root.send(step.event.type === 'CLOSE' ? { type: 'CLOSE' } : { type: 'ROUTER', event: step.event })
      root.send({ type: 'CLOSE' })
      const mayClose = canClose(path.state.context)
      if (!mayClose) refused++
      expect(view()).toMatchObject({ open: !mayClose, shaking: !mayClose })
      clock.increment(TIME.shakeMs)
      expect(view().shaking).toBe(false)
    }
    expect(refused > 0).toBe(refusals)
  })
})

function fakeConnector(id = 'dev.walletframe.testwallet') {
  const attempts: {
    signal: AbortSignal | undefined
    resolve(account: ConnectedAccount): void
    reject(error: unknown): void
  }[] = []
  const connector: WalletConnector = {
    id,
    name: 'Test Wallet',
    type: 'ANNOUNCED',
    connect: (options) =>
      new Promise((resolve, reject) => attempts.push({ signal: options?.signal, resolve, reject })),
    reconnect: async () => undefined,
    request: async () => null,
    disconnect: async () => undefined,
  }
  return { connector, attempts }
}

describe('the connect flow as a child actor', () => {
  function withFlow() {
    const reports: FlowReport[] = []
    const connected = vi.fn()
    const closed = vi.fn()
    const clock = new SimulatedClock()
    const root = createActor(
      modalMachine.provide({
        actions: {
          reportFlow: (_, report) => reports.push(report),
          connected: (_, outcome) => connected(outcome),
          closed,
        },
      }),
      { clock, input: { facts: DEFAULT_FACTS } },
    ).start()
    const { connector, attempts } = fakeConnector()
    const select = () => {
      root.send({ type: 'ROUTER', event: { type: 'OPEN' } })
      root.send({ type: 'START_FLOW', kind: 'external', connector })
      root.send({ type: 'ROUTER', event: { type: 'WALLET_SELECTED', connector: 'external' } })
    }
    return { root, reports, connected, closed, attempts, select }
  }

  it('reports requesting, then hands the account over when the wallet answers', async () => {
    const { reports, connected, attempts, select } = withFlow()
    select()
    expect(reports.at(-1)).toEqual({ kind: 'external', progress: 'requesting' })
    attempts[0]!.resolve({ address: '0xabc', chainId: 31337 })
    await vi.waitFor(() => expect(connected).toHaveBeenCalledTimes(1))
    expect(connected.mock.calls[0]![0]).toMatchObject({ account: { address: '0xabc', chainId: 31337 } })
  })

  it('is stopped, and its wallet request aborted, when the user goes back from its view', () => {
    const { root, reports, attempts, select } = withFlow()
    select()
    root.send({ type: 'ROUTER', event: { type: 'GO_BACK' } })
    expect(attempts[0]!.signal?.aborted).toBe(true)
    expect(reports.at(-1)).toEqual({ kind: 'external', progress: undefined })
    expect(root.getSnapshot().matches({ flow: 'idle' })).toBe(true)
  })

  it('is stopped when the modal closes, and whoever waits hears of the close', () => {
    const { root, attempts, closed, select } = withFlow()
    select()
    root.send({ type: 'CLOSE' })
    expect(attempts[0]!.signal?.aborted).toBe(true)
    expect(closed).toHaveBeenCalledTimes(1)
  })

  it('shows a declined request and asks again on retry', async () => {
    const { root, reports, attempts, select } = withFlow()
    select()
    attempts[0]!.reject({ code: 4001, message: 'User rejected the request.' })
    await vi.waitFor(() => expect(reports.at(-1)?.progress).toBe('declined'))
    root.send({ type: 'RETRY_FLOW' })
    expect(attempts).toHaveLength(2)
    expect(reports.at(-1)?.progress).toBe('requesting')
  })

  it('starts the WalletConnect flow when its view comes on screen, and stops it when left', () => {
    const { connector, attempts } = fakeConnector('walletConnect')
    const reports: FlowReport[] = []
    const root = createActor(
      modalMachine.provide({ actions: { reportFlow: (_, report) => reports.push(report) } }),
      { input: { facts: DEFAULT_FACTS, walletConnect: connector } },
    ).start()
    root.send({ type: 'ROUTER', event: { type: 'OPEN' } })
    expect(attempts).toHaveLength(0)
    root.send({ type: 'ROUTER', event: { type: 'WALLET_SELECTED', connector: 'walletConnect' } })
    expect(attempts).toHaveLength(1)
    expect(reports.at(-1)).toEqual({ kind: 'walletConnect', progress: 'requesting' })
    root.send({ type: 'ROUTER', event: { type: 'GO_BACK' } })
    expect(attempts[0]!.signal?.aborted).toBe(true)
    expect(reports.at(-1)).toEqual({ kind: 'walletConnect', progress: undefined })
  })
})
