/** wallet_showCallsStatus for the embedded wallet (EIP-5792): the status read, and read again while pending. */
import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock } from 'xstate'
import { createStore } from '../../ui/store.ts'
import type { SessionState, WalletConnector } from '../core/index.ts'
import { CALLS_STATUS_POLL_MS, callsStatusOf, createCallsStatus } from './calls-status.ts'

const HASH = `0x${'ab'.repeat(32)}`

describe('callsStatusOf', () => {
  it('maps the EIP-5792 status codes to pending, confirmed and failed', () => {
    expect(callsStatusOf({ status: 100 }).state).toBe('pending')
    expect(callsStatusOf({ status: 200, receipts: [{ transactionHash: HASH }], chainId: '0x7a69' })).toEqual({
      state: 'confirmed',
      code: 200,
      transactions: [HASH],
      chainId: 31_337,
    })
    for (const status of [400, 500, 600]) expect(callsStatusOf({ status }).state).toBe('failed')
  })

  it('keeps only well-formed hashes, and refuses an answer without a status code', () => {
    expect(
      callsStatusOf({ status: 200, receipts: [{ transactionHash: '0x12' }, null, {}] }).transactions,
    ).toEqual([])
    for (const answer of [
      null,
      {},
      { status: 'CONFIRMED' },
      { status: 99 },
      { status: 700 },
      { status: 200.5 },
    ])
      expect(() => callsStatusOf(answer)).toThrow('no EIP-5792 status')
  })
})

describe('createCallsStatus', () => {
  function setup(answers: unknown[]) {
    const store = createStore({ open: false, view: 'Account' } as SessionState)
    const clock = new SimulatedClock()
    const request = vi.fn(async () => {
      const next = answers.shift()
      if (next instanceof Error) throw next
      return next
    })
    const connector = { request } as unknown as WalletConnector
    const status = createCallsStatus({
      store,
      connector: () => connector,
      showView: () => store.set({ open: true, view: 'CallsStatus' }),
      log: () => undefined,
      clock,
    })
    /** Each status the view was given (the machine waits for its next read once it reported). */
    const reports: string[] = []
    let last: SessionState['callsStatus']
    store.subscribe(() => {
      const shown = store.get().callsStatus
      if (shown && shown !== last) reports.push(shown.state)
      last = shown
    })
    return { store, clock, request, status, reports, shown: () => store.get().callsStatus }
  }

  it('opens CallsStatus and reads the bundle again every few seconds until it is final', async () => {
    const t = setup([
      { status: 100 },
      { status: 100 },
      { status: 200, receipts: [{ transactionHash: HASH }] },
    ])
    t.status.show('0xbundle')
    expect(t.store.get().view).toBe('CallsStatus')
    await vi.waitFor(() => expect(t.shown()).toMatchObject({ id: '0xbundle', state: 'pending', code: 100 }))
    expect(t.request).toHaveBeenCalledWith('wallet_getCallsStatus', ['0xbundle'])
    t.clock.increment(CALLS_STATUS_POLL_MS)
    await vi.waitFor(() => expect(t.reports).toEqual(['loading', 'pending', 'pending']))
    t.clock.increment(CALLS_STATUS_POLL_MS)
    await vi.waitFor(() => expect(t.shown()).toMatchObject({ state: 'confirmed', transactions: [HASH] }))
    t.clock.increment(CALLS_STATUS_POLL_MS * 5)
    expect(t.request).toHaveBeenCalledTimes(3)
  })

  it('stops reading once the view is left', async () => {
    const t = setup([{ status: 100 }, { status: 100 }])
    t.status.show('0xbundle')
    await vi.waitFor(() => expect(t.shown()?.state).toBe('pending'))
    t.store.set({ view: 'Account' })
    t.clock.increment(CALLS_STATUS_POLL_MS * 3)
    expect(t.request).toHaveBeenCalledTimes(1)
  })

  it('says the status is unavailable when the wallet cannot give it', async () => {
    const t = setup([new Error('Unknown bundle id')])
    t.status.show('0xbundle')
    await vi.waitFor(() => expect(t.shown()).toMatchObject({ state: 'error', error: 'Unknown bundle id' }))
  })
})
