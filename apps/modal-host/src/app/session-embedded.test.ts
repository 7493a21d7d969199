/**
 * The embedded wallet in the session, over real channels: the test plays the host page (SDK side)
 * and the key frame (a fake that answers the key-frame table).
 */
import {
  ALERTS,
  CHANNEL_ERRORS,
  FRAME_ERRORS,
  keyServerMessage,
  STORAGE_KEYS,
  WalletFrameError,
} from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/auth-connector.ts'
import {
  createFakeKeyFrame,
  EMBEDDED_ADDRESS,
  type FakeKeyFrame,
} from '../features/embedded/test-key-frame.ts'
import { type SessionHarness, startSession, testNetwork } from './test-support.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function start(keyFrame: FakeKeyFrame, storage: Record<string, string> = {}): SessionHarness {
  const harness = startSession({
    networks: [testNetwork(31_337, 'http://127.0.0.1:9/')],
    wallets: [],
    storage,
    session: { embedded: { keyFrameOrigin: 'http://localhost:5177', connect: keyFrame.connect } },
  })
  cleanups.push(harness.close, keyFrame.close)
  return harness
}

const state = (harness: SessionHarness) => harness.session.store.get()
/** The key frame loads once the modal opens (or a flow needs it): the user opens it first. */
const ready = (harness: SessionHarness) => {
  harness.session.open()
  return vi.waitFor(() => expect(state(harness).embedded.frame).toBe('ready'))
}
const methods = (keyFrame: FakeKeyFrame) => keyFrame.calls.map((call) => call.method)
const onStep = (harness: SessionHarness, step: string) =>
  vi.waitFor(() => expect(state(harness).embedded.login?.step).toBe(step))
const connected = (harness: SessionHarness) =>
  vi.waitFor(() => expect(harness.events('account.changed').at(-1)?.status).toBe('connected'))
/** A promise the test settles itself (a key frame waiting on the user). */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

async function loggedIn(keyFrame = createFakeKeyFrame()) {
  keyFrame.signedIn = true
  const harness = start(keyFrame, {
    [STORAGE_KEYS.connectionStatus]: 'connected',
    [STORAGE_KEYS.connectorId]: EMBEDDED_CONNECTOR_ID,
  })
  await connected(harness)
  return { harness, keyFrame }
}

describe('email login (spec §4 "Embedded frame")', () => {
  // A reload of an embedded user's page loads it at once: 'after a reload' below.
  it('loads the key frame once the modal first opens, not at the handshake (issue 10)', async () => {
    const keyFrame = createFakeKeyFrame()
    const connect = vi.fn(keyFrame.connect)
    keyFrame.connect = connect
    const harness = start(keyFrame)
    await vi.waitFor(() => expect(harness.events('account.changed')).not.toHaveLength(0))
    expect(connect).not.toHaveBeenCalled()
    expect(state(harness).embedded.frame).toBe('loading')
    harness.session.open()
    await vi.waitFor(() => expect(state(harness).embedded.frame).toBe('ready'))
    expect(connect).toHaveBeenCalledOnce()
  })

  it('VERIFY_OTP: code view, a wrong code says so, the right one connects and opens Account', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.connectOtp'] = ({ otp }) => {
      if (otp !== '123456') throw new WalletFrameError({ code: 4001, message: 'Wrong code: 2 tries left' })
      keyFrame.signedIn = true
      return { needsSetup: false }
    }
    const harness = start(keyFrame)
    await ready(harness)
    harness.session.open()
    harness.session.submitEmail('ada@example.com')
    await onStep(harness, 'code')
    expect(state(harness).view).toBe('Email')
    harness.session.submitLoginCode('000000')
    await vi.waitFor(() => expect(state(harness).embedded.login?.error).toBe('Wrong code: 2 tries left'))
    expect(state(harness).embedded.login?.step).toBe('code')
    harness.session.submitLoginCode('123456')
    await connected(harness)
    expect(harness.events('account.changed').at(-1)).toMatchObject({
      address: EMBEDDED_ADDRESS,
      connectorId: EMBEDDED_CONNECTOR_ID,
    })
    expect(state(harness).view).toBe('Account')
    expect(state(harness).embedded.userEmail).toBe('ada@example.com')
    expect(harness.hostStorage.get(STORAGE_KEYS.email)).toBe('ada@example.com')
    expect(Number(harness.hostStorage.get(STORAGE_KEYS.lastEmailLoginTime))).toBeGreaterThan(0)
  })

  it('VERIFY_DEVICE: asks again while the device is unconfirmed, then the code view', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.connectEmail'] = () => ({ action: 'VERIFY_DEVICE' })
    let asked = 0
    keyFrame.handlers['frame.connectDevice'] = () => {
      if (++asked < 2) throw new WalletFrameError(CHANNEL_ERRORS.timeout)
      return null
    }
    const harness = start(keyFrame)
    await ready(harness)
    harness.session.open()
    harness.session.submitEmail('ada@example.com')
    await onStep(harness, 'code')
    expect(asked).toBe(2)
    expect(state(harness).view).toBe('Email')
    harness.session.submitLoginCode('123456')
    await connected(harness)
  })

  it('needsSetup: the wallet is set up in the key frame before connecting', async () => {
    const keyFrame = createFakeKeyFrame()
    const setup = deferred<{ address: string }>()
    keyFrame.handlers['frame.connectOtp'] = () => ({ needsSetup: true })
    keyFrame.handlers['frame.setupWallet'] = () => setup.promise
    const harness = start(keyFrame)
    await ready(harness)
    harness.session.open()
    harness.session.submitEmail('new@example.com')
    await onStep(harness, 'code')
    harness.session.submitLoginCode('123456')
    await onStep(harness, 'setup')
    expect(state(harness).view).toBe('Email')
    keyFrame.signedIn = true
    setup.resolve({ address: EMBEDDED_ADDRESS })
    await connected(harness)
    expect(methods(keyFrame)).toContain('frame.setupWallet')
  })

  it('shows the key frame’s cooldown message, and refuses a new login within 30 s itself', async () => {
    const keyFrame = createFakeKeyFrame()
    const harness = start(keyFrame)
    await ready(harness)
    keyFrame.handlers['frame.connectEmail'] = () => {
      throw new WalletFrameError({ code: 429, message: keyServerMessage('emailCooldown', 12) })
    }
    harness.session.open()
    harness.session.submitEmail('ada@example.com')
    await vi.waitFor(() =>
      expect(state(harness).embedded.login?.error).toBe('Please try again after 12 seconds'),
    )

    keyFrame.handlers['frame.connectEmail'] = () => ({ action: 'VERIFY_OTP' })
    harness.session.submitEmail('ada@example.com')
    await onStep(harness, 'code')
    harness.session.back()
    harness.session.submitEmail('ada@example.com')
    expect(state(harness).embedded.login?.error).toEqual({ key: 'email.cooldown', values: { count: 30 } })
    expect(methods(keyFrame).filter((m) => m === 'frame.connectEmail')).toHaveLength(2)
  })

  it('refuses an invalid address inline, without asking the key frame', async () => {
    const keyFrame = createFakeKeyFrame()
    const harness = start(keyFrame)
    await ready(harness)
    harness.session.submitEmail('not an email')
    expect(state(harness).embedded.login).toMatchObject({
      step: 'failed',
      error: 'Enter a valid email address',
    })
    expect(methods(keyFrame)).not.toContain('frame.connectEmail')
  })

  it('shows the socials-timeout alert when a step takes more than 30 s', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.connectEmail'] = () => new Promise(() => undefined)
    const harness = start(keyFrame)
    await ready(harness)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    harness.session.open()
    harness.session.submitEmail('ada@example.com')
    await vi.waitUntil(() => methods(keyFrame).includes('frame.connectEmail'), { interval: 5 })
    await vi.advanceTimersByTimeAsync(30_000)
    await vi.waitUntil(() => state(harness).embedded.login?.step === 'failed', { interval: 5 })
    expect(state(harness).embedded.login?.alert?.title).toBe(ALERTS.socialsTimeout.title)
  })

  it('says the email login is unavailable when the key frame does not load', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.connect = () => Promise.reject(new WalletFrameError(CHANNEL_ERRORS.timeout))
    const harness = start(keyFrame)
    harness.session.open()
    await vi.waitFor(() => expect(state(harness).embedded.frame).toBe('failed'))
    harness.session.submitEmail('ada@example.com')
    expect(state(harness).embedded.login).toMatchObject({
      error: FRAME_ERRORS.loadFailed.message,
      alert: ALERTS.embeddedWalletUnavailable,
    })
  })
})

describe('after a reload', () => {
  it('restores the embedded account at once, without a prompt', async () => {
    const { harness, keyFrame } = await loggedIn()
    expect(harness.events('account.changed').at(-1)).toMatchObject({ address: EMBEDDED_ADDRESS })
    expect(methods(keyFrame)).toEqual(expect.arrayContaining(['frame.isConnected', 'frame.getUser']))
    expect(methods(keyFrame)).not.toContain('frame.connectEmail')
    expect(state(harness).open).toBe(false)
  })

  it('disconnect signs out in the key frame', async () => {
    const { harness, keyFrame } = await loggedIn()
    await harness.session.disconnect()
    expect(methods(keyFrame)).toContain('frame.signOut')
    expect(state(harness).account.status).toBe('disconnected')
  })
})
