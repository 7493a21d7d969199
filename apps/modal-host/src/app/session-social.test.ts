/**
 * Social and Farcaster logins in the session, over real channels: the test plays the host page (SDK
 * side), the key frame (a fake that answers the key-frame table) and the login window.
 */

import type { ModalInit } from '@walletframe/protocol'
import { ALERTS, DEFAULT_SOCIALS, FRAME_ERRORS, STORAGE_KEYS, TIME } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/auth-connector.ts'
import {
  createFakeKeyFrame,
  EMBEDDED_ADDRESS,
  type FakeKeyFrame,
} from '../features/embedded/test-key-frame.ts'
import { createFakePopupHost, type FakePopupHost, KEY_ORIGIN } from '../features/social/test-popup.ts'
import { type SessionHarness, startSession, testNetwork } from './test-support.ts'

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36'
const REDIRECT = 'http://127.0.0.1:5179/authorize?state=xyz'
const FARCASTER_URL = 'https://farcaster.xyz/~/siwf?channelToken=abc'

const cleanups: (() => void)[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function start(
  options: {
    keyFrame?: FakeKeyFrame
    host?: FakePopupHost
    storage?: Record<string, string>
    features?: ModalInit['features']
  } = {},
) {
  const keyFrame = options.keyFrame ?? createFakeKeyFrame()
  keyFrame.handlers['frame.getSocialRedirectUri'] ??= () => ({ uri: REDIRECT })
  keyFrame.handlers['frame.connectSocial'] ??= () => {
    keyFrame.signedIn = true
    return { action: 'CONNECT', needsSetup: false, userName: 'Ada Lovelace' }
  }
  const host = options.host ?? createFakePopupHost()
  const harness = startSession({
    networks: [testNetwork(31_337, 'http://127.0.0.1:9/')],
    wallets: [],
    storage: options.storage ?? {},
    ...(options.features ? { init: { features: options.features } } : {}),
    session: {
      embedded: { keyFrameOrigin: KEY_ORIGIN, connect: keyFrame.connect },
      social: { popupHost: host, platform: { userAgent: WINDOWS } },
    },
  })
  cleanups.push(harness.close, keyFrame.close)
  return { harness, keyFrame, host }
}

const state = (harness: SessionHarness) => harness.session.store.get()
/** The key frame loads once the modal opens (or a flow needs it): the user opens it first. */
const ready = (harness: SessionHarness) => {
  harness.session.open()
  return vi.waitFor(() => expect(state(harness).embedded.frame).toBe('ready'))
}
const connected = (harness: SessionHarness) =>
  vi.waitFor(() => expect(harness.events('account.changed').at(-1)?.status).toBe('connected'))
const onStep = (harness: SessionHarness, step: string) =>
  vi.waitFor(() => expect(state(harness).social.login?.step).toBe(step))

describe('the socials offered (spec §3, §9)', () => {
  it('by default, the default socials; the key frame runs for them even with the email login off', async () => {
    const { harness } = start({ features: { email: false } })
    await ready(harness)
    expect(state(harness).social.providers).toEqual(DEFAULT_SOCIALS)
    expect(state(harness).embedded.available).toBe(false)
  })

  it('none with `socials: false`, and no key frame without the email login either', () => {
    const { harness, keyFrame } = start({ features: { email: false, socials: false } })
    expect(state(harness).social.providers).toEqual([])
    expect(keyFrame.calls).toEqual([])
    harness.session.connectSocial('google')
    expect(state(harness).view).toBe('Connect')
  })
})

describe('social login', () => {
  it('connects: ConnectingSocial, then Account; provider and user name kept through the SDK', async () => {
    const { harness, host } = start()
    await ready(harness)
    harness.session.open()
    harness.session.connectSocial('github')
    expect(host.opened).toHaveLength(1)
    expect(state(harness).view).toBe('ConnectingSocial')
    expect(state(harness).social.login).toMatchObject({ provider: 'github', step: 'authorizing' })
    await vi.waitFor(() => expect(host.window.location.href).toBe(REDIRECT))
    host.postCallback()
    await connected(harness)
    expect(harness.events('account.changed').at(-1)).toMatchObject({
      address: EMBEDDED_ADDRESS,
      connectorId: EMBEDDED_CONNECTOR_ID,
    })
    expect(state(harness).account.socialProvider).toBe('github')
    expect(state(harness).embedded.userName).toBe('Ada Lovelace')
    expect(state(harness).view).toBe('Account')
    expect(harness.hostStorage.get(STORAGE_KEYS.socialProvider)).toBe('github')
    expect(harness.hostStorage.get(STORAGE_KEYS.socialUsername)).toBe('Ada Lovelace')
    expect(state(harness).social.login).toBeUndefined()
  })

  it('a blocked window says so on ConnectingSocial', async () => {
    const { harness, keyFrame } = start({ host: createFakePopupHost({ blocked: true }) })
    await ready(harness)
    harness.session.open()
    harness.session.connectSocial('google')
    expect(state(harness).view).toBe('ConnectingSocial')
    expect(state(harness).social.login).toMatchObject({
      step: 'failed',
      error: FRAME_ERRORS.socialPopupBlocked.message,
    })
    expect(keyFrame.calls.map((call) => call.method)).not.toContain('frame.getSocialRedirectUri')
  })

  it('shows the socials-timeout alert when the key frame takes more than 30 s', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.getSocialRedirectUri'] = () => new Promise(() => undefined)
    const { harness, host } = start({ keyFrame })
    await ready(harness)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    harness.session.open()
    harness.session.connectSocial('google')
    await vi.waitUntil(() => keyFrame.calls.some((c) => c.method === 'frame.getSocialRedirectUri'), {
      interval: 5,
    })
    await vi.advanceTimersByTimeAsync(TIME.authStepTimeoutMs)
    await vi.waitUntil(() => state(harness).social.login?.step === 'failed', { interval: 5 })
    expect(state(harness).social.login?.alert).toEqual(ALERTS.socialsTimeout)
    expect(host.window.closed).toBe(true)
  })

  it('going back ends the login and closes its window', async () => {
    const { harness, host } = start()
    await ready(harness)
    harness.session.open()
    harness.session.connectSocial('google')
    await vi.waitFor(() => expect(host.window.location.href).toBe(REDIRECT))
    harness.session.back()
    expect(state(harness).view).toBe('Connect')
    expect(host.window.closed).toBe(true)
    expect(state(harness).social.login).toBeUndefined()
  })

  it('disconnect removes the provider and the user name', async () => {
    const { harness, host } = start()
    await ready(harness)
    harness.session.open()
    harness.session.connectSocial('google')
    await vi.waitFor(() => expect(host.window.location.href).toBe(REDIRECT))
    host.postCallback()
    await connected(harness)
    await harness.session.disconnect()
    expect(state(harness).account).toEqual({ status: 'disconnected' })
    expect(state(harness).embedded.userName).toBeUndefined()
    await vi.waitFor(() => expect(harness.hostStorage.has(STORAGE_KEYS.socialProvider)).toBe(false))
    expect(harness.hostStorage.has(STORAGE_KEYS.socialUsername)).toBe(false)
  })

  it('an email login forgets a social login’s hints', async () => {
    const { harness } = start({
      storage: { [STORAGE_KEYS.socialProvider]: 'x', [STORAGE_KEYS.socialUsername]: 'ada' },
    })
    await ready(harness)
    harness.session.open()
    harness.session.submitEmail('ada@example.com')
    await vi.waitFor(() => expect(state(harness).embedded.login?.step).toBe('code'))
    harness.session.submitLoginCode('123456')
    await connected(harness)
    expect(state(harness).account.socialProvider).toBeUndefined()
    expect(state(harness).embedded.userName).toBeUndefined()
    await vi.waitFor(() => expect(harness.hostStorage.has(STORAGE_KEYS.socialProvider)).toBe(false))
  })

  it('after a reload, the account comes back with its provider and the stored user name', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.signedIn = true
    const { harness } = start({
      keyFrame,
      storage: {
        [STORAGE_KEYS.connectionStatus]: 'connected',
        [STORAGE_KEYS.connectorId]: EMBEDDED_CONNECTOR_ID,
        [STORAGE_KEYS.socialProvider]: 'discord',
        [STORAGE_KEYS.socialUsername]: 'ada#0001',
      },
    })
    await connected(harness)
    expect(state(harness).account.socialProvider).toBe('discord')
    expect(state(harness).embedded.userName).toBe('ada#0001')
  })
})

describe('Farcaster login', () => {
  it('ConnectingFarcaster shows the request, then the account with the user name', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.getFarcasterUri'] = () => ({ url: FARCASTER_URL })
    let signed: (() => void) | undefined
    keyFrame.handlers['frame.connectFarcaster'] = () =>
      new Promise((resolve) => {
        signed = () => {
          keyFrame.signedIn = true
          resolve({ userName: 'ada', needsSetup: false })
        }
      })
    const { harness, host } = start({ keyFrame })
    await ready(harness)
    harness.session.open()
    harness.session.connectSocial('farcaster')
    expect(host.opened).toEqual([])
    expect(state(harness).view).toBe('ConnectingFarcaster')
    await vi.waitFor(() =>
      expect(state(harness).social.login).toMatchObject({ step: 'scanning', farcasterUrl: FARCASTER_URL }),
    )
    await vi.waitUntil(() => signed, { interval: 5 })
    signed?.()
    await connected(harness)
    expect(state(harness).view).toBe('Account')
    expect(state(harness).account.socialProvider).toBe('farcaster')
    expect(state(harness).embedded.userName).toBe('ada')
  })

  it('a new user sets up the wallet on ConnectingFarcaster', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.getFarcasterUri'] = () => ({ url: FARCASTER_URL })
    keyFrame.handlers['frame.connectFarcaster'] = () => ({ userName: 'ada', needsSetup: true })
    keyFrame.handlers['frame.setupWallet'] = () => new Promise(() => undefined)
    const { harness } = start({ keyFrame })
    await ready(harness)
    harness.session.open()
    harness.session.connectSocial('farcaster')
    await onStep(harness, 'setup')
    expect(state(harness).view).toBe('ConnectingFarcaster')
  })
})
