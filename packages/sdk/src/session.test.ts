/**
 * Issue 10 "the dapp can be locked": a refused, unknown or unreachable modal fails every call at
 * once with a typed error and takes its frame away; the next call starts over.
 */
import { CHANNEL_ERRORS, HANDSHAKE } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS } from '../test/fake-modal.ts'
import { MODAL_ORIGIN, type OriginCheckAnswer } from '../test/fake-window.ts'
import { errorOf, openPage as setup } from '../test/page.ts'

const refused = { status: 403, body: CHANNEL_ERRORS.originNotAllowed }

describe('a modal that cannot serve this page', () => {
  it('asks the modal server’s origin check for its project only when the loaded frame is silent', async () => {
    vi.useFakeTimers()
    const { wf, fake } = setup({}, { answer: false })
    errorOf(wf.connect())
    await vi.advanceTimersByTimeAsync(HANDSHAKE.checkAfterMs - 1)
    expect(fake.checked).toEqual([])
    await vi.advanceTimersByTimeAsync(2)
    expect(fake.checked).toEqual([`${MODAL_ORIGIN}/v1/origin-check?projectId=walletframe-dev`])
  })

  it('never asks when the modal answers (a page whose CSP keeps connect-src to itself sees nothing)', async () => {
    const { wf, fake, nextModal } = setup()
    const opened = wf.open()
    await nextModal()
    await opened
    vi.useFakeTimers()
    await vi.advanceTimersByTimeAsync(HANDSHAKE.afterLoadMs * 2)
    expect(fake.checked).toEqual([])
  })

  it('refused by the origin check: every call rejects with the typed refusal and the frame is gone', async () => {
    const { wf, fake, frame } = setup({}, { originCheck: () => refused, answer: false })
    const opened = errorOf(wf.open())
    const connected = errorOf(wf.connect())
    const error = await connected
    expect(error).toMatchObject({ code: 4100, reason: 'OriginNotAllowed' })
    expect((error as Error).message).toMatch(/^Invalid App Configuration: this page's origin is not allowed/)
    expect(await opened).toBe(error)
    expect(frame().isConnected).toBe(false)
    expect(wf.getState().open).toBe(false)
    expect(fake.document.body.children).toEqual([])
  })

  it('an unknown project: rejects with UnknownProject', async () => {
    const unknown = { status: 404, body: CHANNEL_ERRORS.unknownProject }
    const { wf } = setup({}, { originCheck: () => unknown, answer: false })
    expect(await errorOf(wf.connect())).toMatchObject({ reason: 'UnknownProject' })
  })

  it('an answer that is no typed refusal (a proxy’s 404) leaves the decision to the frame', async () => {
    const { wf, nextModal } = setup(
      {},
      { originCheck: () => ({ status: 404, body: { code: 404, message: 'x' } }) },
    )
    const connected = wf.connect()
    await nextModal()
    await expect(connected).resolves.toMatchObject({ address: ADDRESS })
  })

  it('unreachable server and no answer after the frame loaded: rejects 1 s after the load, not 10 s', async () => {
    vi.useFakeTimers()
    const { wf, frame } = setup({}, { originCheck: () => 'unreachable', answer: false })
    const connected = errorOf(wf.connect())
    await vi.advanceTimersByTimeAsync(999)
    expect(frame().isConnected).toBe(true)
    await vi.advanceTimersByTimeAsync(2)
    expect(await connected).toMatchObject({
      code: -32603,
      reason: 'HandshakeTimeout',
      message: expect.stringMatching(/did not answer.*modal is up and allows this origin/),
    })
    expect(frame().isConnected).toBe(false)
  })

  it('an origin the server confirmed gets the full handshake deadline (a slow frame is only slow)', async () => {
    vi.useFakeTimers()
    const { wf, frame } = setup({}, { answer: false })
    const connected = errorOf(wf.connect())
    await vi.advanceTimersByTimeAsync(9_000)
    expect(frame().isConnected).toBe(true)
    await vi.advanceTimersByTimeAsync(1_001)
    expect(await connected).toMatchObject({ reason: 'HandshakeTimeout' })
    expect(frame().isConnected).toBe(false)
  })

  it('after a failure the next call starts over with a new frame, and succeeds once the modal is back', async () => {
    let check: OriginCheckAnswer = refused
    const server = { answer: false, originCheck: () => check }
    const { wf, fake, frame, nextModal } = setup({ preload: true }, server)
    await vi.waitFor(() => expect(frame(0).isConnected).toBe(false))
    check = { status: 200, body: { allowed: true } }
    server.answer = true
    const connected = wf.connect()
    expect(fake.document.frames).toHaveLength(2)
    await nextModal()
    await expect(connected).resolves.toMatchObject({ address: ADDRESS })
  })
})

describe('a frame taken out of the page', () => {
  it('a removed ancestor of the frame rejects the requests in flight at once with 4900', async () => {
    const { wf, fake, frame, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    modal.messenger.handle('wallet.connect', () => new Promise(() => {}))
    const pending = errorOf(wf.connect())
    await vi.waitFor(() => expect(modal.traffic.toModal.length).toBeGreaterThan(0))
    fake.document.documentElement.removeChild(fake.document.body) // e.g. a new <body>
    expect(await pending).toMatchObject({ code: 4900, reason: 'FrameGone' })
    expect(frame().isConnected).toBe(false)
  })
})

describe('a modal reloaded (its document says it is going)', () => {
  it('rejects the requests in flight at once with 4900, and the next call waits for the new document', async () => {
    const { wf, fake, frame, nextModal } = setup({ preload: false })
    void wf.open()
    const modal = await nextModal()
    modal.messenger.handle('wallet.connect', () => new Promise(() => {}))
    const pending = errorOf(wf.connect())
    await vi.waitFor(() => expect(modal.traffic.toModal.length).toBeGreaterThan(1))
    modal.messenger.emit('modal.unloading', {})
    expect(await pending).toMatchObject({ code: 4900, reason: 'FrameGone' })
    const next = wf.request({ method: 'eth_chainId' })
    fake.load(frame()) // the new document
    await nextModal()
    await expect(next).resolves.toBe('0x7a69')
  })
})

describe('preload', () => {
  it('is not made after the page has called the modal: a refused page is not asked again', async () => {
    const { wf, fake } = setup({}, { loading: true, answer: false, originCheck: () => refused })
    await errorOf(wf.connect())
    fake.dispatchEvent(new Event('load'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fake.document.frames).toHaveLength(1)
  })
})
