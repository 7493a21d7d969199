/**
 * The social and Farcaster login machine (features/social) against a fake key frame on a real MessageChannel and a
 * fake login window; the window's close is polled on the machine's clock (SimulatedClock), the
 * 30 s deadlines run on vitest's fake timers.
 */
import {
  CHANNEL_ERRORS,
  FRAME_ERRORS,
  MODAL_ERRORS,
  SOCIAL_CALLBACK_MESSAGE_TYPE,
  SOCIAL_POPUP_NAME,
  type SocialProvider,
  TIME,
  WalletFrameError,
} from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Actor, createActor, SimulatedClock, waitFor } from 'xstate'
import { createAuthConnector } from '../features/embedded/auth-connector.ts'
import {
  createFakeKeyFrame,
  EMBEDDED_ADDRESS,
  type FakeKeyFrame,
} from '../features/embedded/test-key-frame.ts'
import { POPUP_POLL_MS, socialLoginMachine } from '../features/social/social-login.machine.ts'
import { openSocialPopup } from '../features/social/social-popup.ts'
import {
  CALLBACK_URL,
  createFakePopupHost,
  type FakePopupHost,
  KEY_ORIGIN,
} from '../features/social/test-popup.ts'

const REDIRECT = 'http://127.0.0.1:5179/authorize?client_id=walletframe&state=xyz'

const cleanups: (() => void)[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

type LoginActor = Actor<typeof socialLoginMachine>

function start(
  provider: SocialProvider,
  options: { keyFrame?: FakeKeyFrame; host?: FakePopupHost; clock?: SimulatedClock } = {},
) {
  const keyFrame = options.keyFrame ?? createFakeKeyFrame()
  keyFrame.handlers['frame.getSocialRedirectUri'] = () => ({ uri: REDIRECT })
  keyFrame.handlers['frame.connectSocial'] ??= () => {
    keyFrame.signedIn = true
    return { action: 'CONNECT', needsSetup: false, userName: 'Ada Lovelace' }
  }
  const host = options.host ?? createFakePopupHost()
  const remembered: (string | undefined)[] = []
  const connector = createAuthConnector({
    frame: keyFrame.connect,
    activeChainId: () => 31_337,
    approve: (call) => call(new AbortController().signal),
    onUser: () => undefined,
    readUser: (frame, chainId) => frame.request('frame.getUser', { chainId }),
    socialProvider: () => provider,
    onSessionRefused: () => undefined,
  })
  // As the click does: the window first, then the flow.
  const popup = provider === 'farcaster' ? undefined : openSocialPopup(host, KEY_ORIGIN)
  const actor = createActor(socialLoginMachine, {
    input: {
      provider,
      connector,
      ...(popup ? { popup } : {}),
      remember: (userName) => remembered.push(userName),
    },
    ...(options.clock ? { clock: options.clock } : {}),
  })
  actor.start()
  cleanups.push(() => actor.stop(), keyFrame.close)
  return { actor, keyFrame, host, remembered }
}

const methods = (keyFrame: FakeKeyFrame) => keyFrame.calls.map((call) => call.method)
const inState = (actor: LoginActor, value: string) =>
  waitFor(actor, (snapshot) => snapshot.matches(value as never), { timeout: 2_000 })
/** The window was sent to the provider: the flow now waits for the callback page. */
const redirected = (host: FakePopupHost) => vi.waitFor(() => expect(host.window.location.href).toBe(REDIRECT))

describe('social login', () => {
  it('opens the window in the click, sends it to the provider, and connects on the callback', async () => {
    const { actor, keyFrame, host, remembered } = start('google')
    expect(host.opened).toEqual([
      { url: '', target: SOCIAL_POPUP_NAME, features: expect.stringMatching(/^popup,/) },
    ])
    await redirected(host)
    expect(keyFrame.calls[0]).toEqual({
      method: 'frame.getSocialRedirectUri',
      params: { provider: 'google' },
    })
    host.postCallback()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(keyFrame.calls).toContainEqual({ method: 'frame.connectSocial', params: { uri: CALLBACK_URL } })
    expect(done.output?.account).toEqual({
      address: EMBEDDED_ADDRESS,
      chainId: 31_337,
      type: 'eoa',
      socialProvider: 'google',
    })
    expect(remembered).toEqual(['Ada Lovelace'])
    expect(methods(keyFrame)).not.toContain('frame.setupWallet')
    expect(host.listening()).toBe(0)
  })

  it("spec §8: a user that cannot be read once signed in fails with 'A problem occurred while trying initialize authentication' and signs out", async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.getUser'] = () => {
      throw new WalletFrameError({ code: -32603, message: 'user unavailable' })
    }
    const { actor, host } = start('google', { keyFrame })
    await redirected(host)
    host.postCallback()
    await waitFor(actor, (s) => s.context.error !== undefined)
    expect(actor.getSnapshot().context.error).toMatchObject({
      reason: MODAL_ERRORS.authInitFailed.reason,
      message: 'A problem occurred while trying initialize authentication',
    })
    expect(methods(keyFrame)).toContain('frame.signOut')
    expect(keyFrame.signedIn).toBe(false)
  })

  it('VERIFY_OTP: the code mailed to the linked email wallet, then connected', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.connectSocial'] = () => ({
      action: 'VERIFY_OTP',
      needsSetup: false,
      email: 'ada@example.com',
    })
    keyFrame.handlers['frame.connectOtp'] = ({ otp }) => {
      if (otp !== '123456') throw new WalletFrameError({ code: 4001, message: 'Wrong code: 2 tries left' })
      keyFrame.signedIn = true
      return { needsSetup: false }
    }
    const { actor, host } = start('github', { keyFrame })
    await redirected(host)
    host.postCallback()
    await inState(actor, 'code')
    expect(actor.getSnapshot().context.email).toBe('ada@example.com')
    actor.send({ type: 'SUBMIT_CODE', code: '000000' })
    await waitFor(actor, (s) => s.matches('code') && s.context.error !== undefined)
    expect(actor.getSnapshot().context.error?.message).toBe('Wrong code: 2 tries left')
    actor.send({ type: 'SUBMIT_CODE', code: '123456' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(methods(keyFrame).filter((m) => m === 'frame.connectOtp')).toHaveLength(2)
  })

  it('needsSetup: the wallet is set up in the key frame before connecting', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.connectSocial'] = () => ({
      action: 'CONNECT',
      needsSetup: true,
      userName: 'ada',
    })
    let finishSetup: (() => void) | undefined
    keyFrame.handlers['frame.setupWallet'] = () =>
      new Promise((resolve) => {
        finishSetup = () => {
          keyFrame.signedIn = true
          resolve({ address: EMBEDDED_ADDRESS })
        }
      })
    const { actor, host, remembered } = start('discord', { keyFrame })
    await redirected(host)
    host.postCallback()
    await inState(actor, 'setup')
    await vi.waitUntil(() => finishSetup, { interval: 5 })
    finishSetup?.()
    await waitFor(actor, (s) => s.status === 'done')
    expect(remembered).toEqual(['ada'])
  })

  it('a blocked window fails at once, with a clear message, without asking the key frame', async () => {
    const { actor, keyFrame } = start('google', { host: createFakePopupHost({ blocked: true }) })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toMatchObject({
      reason: FRAME_ERRORS.socialPopupBlocked.reason,
      message: FRAME_ERRORS.socialPopupBlocked.message,
    })
    expect(keyFrame.calls).toEqual([])
  })

  it('a window the user closes is said to be closed, seen on the machine’s clock', async () => {
    const clock = new SimulatedClock()
    const keyFrame = createFakeKeyFrame()
    // Nothing was left with the key server: the wait goes on behind the error.
    keyFrame.handlers['frame.awaitSocialAnswer'] = () => new Promise(() => undefined)
    const { actor, host } = start('apple', { clock, keyFrame })
    await redirected(host)
    clock.increment(POPUP_POLL_MS * 3)
    expect(actor.getSnapshot().matches('popup')).toBe(true)
    host.window.closed = true
    clock.increment(POPUP_POLL_MS)
    expect(actor.getSnapshot().value).toBe('cutOff')
    expect(actor.getSnapshot().context.error?.reason).toBe(FRAME_ERRORS.socialPopupClosed.reason)
    await vi.waitFor(() => expect(methods(keyFrame)).toContain('frame.awaitSocialAnswer'))
    // A callback after that is not heard.
    host.postCallback()
    expect(host.listening()).toBe(0)
    expect(methods(keyFrame)).not.toContain('frame.connectSocial')
  })

  it('a window cut off by the provider’s opener policy connects with the answer it left, asked again after a long wait', async () => {
    const clock = new SimulatedClock()
    const keyFrame = createFakeKeyFrame()
    let asked = 0
    keyFrame.handlers['frame.awaitSocialAnswer'] = () => {
      asked += 1
      if (asked === 1) throw new WalletFrameError(CHANNEL_ERRORS.timeout)
      return { uri: CALLBACK_URL }
    }
    const { actor, host } = start('google', { clock, keyFrame })
    await redirected(host)
    host.window.closed = true // what the modal sees of a window whose opener was severed
    clock.increment(POPUP_POLL_MS)
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(asked).toBe(2)
    expect(keyFrame.calls.filter((call) => call.method === 'frame.connectSocial')).toEqual([
      { method: 'frame.connectSocial', params: { uri: CALLBACK_URL } },
    ])
    expect(actor.getSnapshot().context.error).toBeUndefined()
  })

  it('ignores a callback from another window, another origin, or of another shape', async () => {
    const { actor, keyFrame, host } = start('google')
    await redirected(host)
    host.post({ type: SOCIAL_CALLBACK_MESSAGE_TYPE, uri: 'http://evil.example/?code=1' }, { source: {} })
    host.post({ type: SOCIAL_CALLBACK_MESSAGE_TYPE, uri: CALLBACK_URL }, { source: null })
    host.post({ type: SOCIAL_CALLBACK_MESSAGE_TYPE, uri: CALLBACK_URL }, { origin: 'http://127.0.0.1:5173' })
    host.post({ type: SOCIAL_CALLBACK_MESSAGE_TYPE, uri: CALLBACK_URL }, { origin: 'null' })
    host.post({ type: 'walletframe:other', uri: CALLBACK_URL })
    host.post({ type: SOCIAL_CALLBACK_MESSAGE_TYPE, uri: 'x'.repeat(5_000) })
    host.post('walletframe:social-callback')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(actor.getSnapshot().matches('popup')).toBe(true)
    expect(methods(keyFrame)).not.toContain('frame.connectSocial')
    host.postCallback()
    await waitFor(actor, (s) => s.status === 'done')
    expect(keyFrame.calls.filter((call) => call.method === 'frame.connectSocial')).toEqual([
      { method: 'frame.connectSocial', params: { uri: CALLBACK_URL } },
    ])
  })

  it('a key-frame step that takes more than 30 s fails with the timeout (the socials-timeout alert)', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.connectSocial'] = () => new Promise(() => undefined)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { actor, host } = start('x', { keyFrame })
    await vi.waitUntil(() => host.window.location.href === REDIRECT, { interval: 5 })
    host.postCallback()
    await vi.waitUntil(() => methods(keyFrame).includes('frame.connectSocial'), { interval: 5 })
    await vi.advanceTimersByTimeAsync(TIME.authStepTimeoutMs)
    await vi.waitUntil(() => actor.getSnapshot().value === 'failed', { interval: 5 })
    expect(actor.getSnapshot().context.error?.reason).toBe(CHANNEL_ERRORS.timeout.reason)
    expect(host.window.closed).toBe(true)
  })
})

describe('Farcaster login', () => {
  it('shows the request’s URL, asks again while the phone has not signed, then connects', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.getFarcasterUri'] = () => ({
      url: 'https://farcaster.xyz/~/siwf?channelToken=abc',
    })
    let asked = 0
    keyFrame.handlers['frame.connectFarcaster'] = () => {
      if (++asked < 3) throw new WalletFrameError(CHANNEL_ERRORS.timeout)
      keyFrame.signedIn = true
      return { userName: 'ada', needsSetup: false }
    }
    const { actor, host, remembered } = start('farcaster', { keyFrame })
    expect(host.opened).toEqual([])
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.context.farcasterUrl).toBe('https://farcaster.xyz/~/siwf?channelToken=abc')
    expect(asked).toBe(3)
    expect(remembered).toEqual(['ada'])
    expect(done.output?.account?.socialProvider).toBe('farcaster')
  })

  it('after a failure, RETRY asks for a new request (a new QR code)', async () => {
    const keyFrame = createFakeKeyFrame()
    let uris = 0
    keyFrame.handlers['frame.getFarcasterUri'] = () => ({ url: `https://farcaster.xyz/~/siwf?n=${++uris}` })
    keyFrame.handlers['frame.connectFarcaster'] = () => {
      throw new WalletFrameError({ code: 4001, message: 'The sign-in request expired' })
    }
    const { actor } = start('farcaster', { keyFrame })
    await inState(actor, 'failed')
    expect(actor.getSnapshot().context.error?.message).toBe('The sign-in request expired')
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('failed') && s.context.farcasterUrl?.endsWith('n=2') === true)
    expect(uris).toBe(2)
  })
})
