/**
 * The embedded wallet's requests (spec §4 "Unsafe RPC requests", §6), over real channels: the
 * test plays the host page and a fake key frame that holds each request until the test answers.
 */
import {
  FRAME_ERRORS,
  type HandlerContext,
  MODAL_ERRORS,
  PROVIDER_ERRORS,
  TIME,
  UI_MESSAGES,
  WalletFrameError,
} from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeKeyFrame, type FakeKeyFrame } from '../features/embedded/test-key-frame.ts'
import { reconnectEmbedded, type SessionHarness } from './test-support.ts'

const SIGNATURE = `0x${'ab'.repeat(65)}`
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The key frame's approval view: it answers once the test says what the user did. */
function heldApproval(keyFrame: FakeKeyFrame) {
  const held: { context: HandlerContext; answer(result: unknown): void; fail(error: unknown): void }[] = []
  keyFrame.handlers['frame.rpcRequest'] = (_, context) =>
    new Promise((answer, fail) => {
      held.push({ context, answer, fail })
    })
  return held
}

async function loggedIn() {
  const keyFrame = createFakeKeyFrame()
  const harness = await reconnectEmbedded(keyFrame)
  cleanups.push(harness.close, keyFrame.close)
  return { harness, keyFrame, held: heldApproval(keyFrame) }
}

const state = (harness: SessionHarness) => harness.session.store.get()
const sign = (harness: SessionHarness, signal?: AbortSignal) =>
  harness.host.request(
    'rpc.request',
    { method: 'personal_sign', params: ['0x68656c6c6f', '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'] },
    signal ? { signal } : {},
  )
const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

describe('unsafe requests of the embedded wallet', () => {
  it('open ApproveTransaction alone; success closes it, answers the dapp and refreshes the balance', async () => {
    const { harness, held } = await loggedIn()
    const result = sign(harness)
    await vi.waitFor(() => expect(held).toHaveLength(1))
    expect(state(harness)).toMatchObject({ open: true, view: 'ApproveTransaction', canGoBack: false })
    const balances: string[] = []
    harness.session.store.subscribe(() => balances.push(state(harness).balance.state))
    held[0]!.answer(SIGNATURE)
    await expect(result).resolves.toBe(SIGNATURE)
    expect(state(harness).open).toBe(false)
    expect(balances).toContain('loading')
  })

  it('are pushed on the open modal, and success pops back to where the user was', async () => {
    const { harness, held } = await loggedIn()
    harness.session.open()
    expect(state(harness).view).toBe('Account')
    const result = sign(harness)
    await vi.waitFor(() => expect(held).toHaveLength(1))
    expect(state(harness)).toMatchObject({ view: 'ApproveTransaction', canGoBack: true })
    held[0]!.answer(SIGNATURE)
    await result
    expect(state(harness)).toMatchObject({ open: true, view: 'Account' })
  })

  it('pass the key frame’s error on (Reject is 4001) and leave the view', async () => {
    const { harness, held } = await loggedIn()
    const result = settled(sign(harness))
    await vi.waitFor(() => expect(held).toHaveLength(1))
    held[0]!.fail(new WalletFrameError(PROVIDER_ERRORS.userRejected))
    expect(await result).toMatchObject({ error: { code: 4001 } })
    expect(state(harness).open).toBe(false)

    harness.session.open()
    const second = settled(sign(harness))
    await vi.waitFor(() => expect(held).toHaveLength(2))
    held[1]!.fail(new WalletFrameError(PROVIDER_ERRORS.userRejected))
    await second
    expect(state(harness)).toMatchObject({ open: true, view: 'Account' })
  })

  it('are aborted when the modal closes: the key frame stops, the dapp hears "Request was aborted"', async () => {
    const { harness, held } = await loggedIn()
    const result = settled(sign(harness))
    await vi.waitFor(() => expect(held).toHaveLength(1))
    harness.session.close()
    expect(await result).toMatchObject({
      error: { reason: FRAME_ERRORS.requestAborted.reason, shortMessage: 'Request was aborted' },
    })
    await vi.waitFor(() => expect(held[0]!.context.signal.aborted).toBe(true))
  })

  it('cancel the key frame’s request when the dapp cancels its own', async () => {
    const { harness, held } = await loggedIn()
    const controller = new AbortController()
    const result = settled(sign(harness, controller.signal))
    await vi.waitFor(() => expect(held).toHaveLength(1))
    controller.abort()
    await result
    await vi.waitFor(() => expect(held[0]!.context.signal.aborted).toBe(true))
    await vi.waitFor(() => expect(state(harness).open).toBe(false))
  })

  it('reads go to the network, not to the key frame', async () => {
    const { harness, keyFrame } = await loggedIn()
    await settled(harness.host.request('rpc.request', { method: 'eth_blockNumber' }))
    expect(keyFrame.calls.map((call) => call.method)).not.toContain('frame.rpcRequest')
  })
})

describe('a disallowed method while the embedded wallet is connected (spec §6)', () => {
  it('opens the modal, shows "Action not allowed" after 300 ms and rejects', async () => {
    const { harness } = await loggedIn()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const result = settled(harness.host.request('rpc.request', { method: 'eth_sign' }))
    // Awaiting the answer moves no fake time: the modal refused the method as it opened.
    expect(await result).toMatchObject({ error: { reason: MODAL_ERRORS.rpcNotAllowed.reason } })
    expect(state(harness).open).toBe(true)
    expect(state(harness).toast).toBeUndefined()
    await vi.advanceTimersByTimeAsync(TIME.disallowedRpcErrorDelayMs - 1)
    expect(state(harness).toast).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(state(harness).toast).toMatchObject({ variant: 'error', message: UI_MESSAGES.actionNotAllowed })
  })
})

describe('the email change (spec §4 "Email update")', () => {
  it('asks a code for the current address, then one for the new address, and shows the new email', async () => {
    const { harness, keyFrame } = await loggedIn()
    keyFrame.handlers['frame.updateEmail'] = () => ({ action: 'VERIFY_PRIMARY_OTP' })
    keyFrame.handlers['frame.updateEmailPrimaryOtp'] = () => null
    keyFrame.handlers['frame.updateEmailSecondaryOtp'] = () => ({ newEmail: 'grace@example.com' })
    harness.session.open()
    harness.session.startEmailUpdate()
    expect(state(harness).view).toBe('EmailUpdate')
    harness.session.submitEmailUpdate('grace@example.com')
    await vi.waitFor(() => expect(state(harness).embedded.update?.step).toBe('primaryCode'))
    harness.session.submitEmailUpdate('111111')
    await vi.waitFor(() => expect(state(harness).embedded.update?.step).toBe('secondaryCode'))
    harness.session.submitEmailUpdate('222222')
    await vi.waitFor(() => expect(state(harness).embedded.userEmail).toBe('grace@example.com'))
    expect(state(harness).view).toBe('Account')
  })
})
