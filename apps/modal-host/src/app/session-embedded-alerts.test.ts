/**
 * Spec §8 alerts of the embedded wallet, over real channels: the test plays the host page (SDK
 * side) and the key frame (a fake answering the key-frame table as the real one does; the real
 * key server's refusal is exercised end to end in e2e/tests/alerts.spec.ts).
 */
import {
  ALERTS,
  KEY_SERVER_ERRORS,
  MODAL_ERRORS,
  STORAGE_KEYS,
  WalletFrameError,
} from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/auth-connector.ts'
import { createFakeKeyFrame, type FakeKeyFrame } from '../features/embedded/test-key-frame.ts'
import { type SessionHarness, startSession, testNetwork } from './test-support.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const REMEMBERED = {
  [STORAGE_KEYS.connectionStatus]: 'connected',
  [STORAGE_KEYS.connectorId]: EMBEDDED_CONNECTOR_ID,
}

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
const methods = (keyFrame: FakeKeyFrame) => keyFrame.calls.map((call) => call.method)
const lastStatus = (harness: SessionHarness) => harness.events('account.changed').at(-1)?.status
/** What the real key frame answers when its server refuses the session cookie (401 SESSION_REQUIRED). */
const sessionRequired = () =>
  new WalletFrameError({
    reason: KEY_SERVER_ERRORS.sessionRequired.reason,
    code: KEY_SERVER_ERRORS.sessionRequired.status,
    message: KEY_SERVER_ERRORS.sessionRequired.message,
  })

describe("spec §8 alert 'Session Expired': the key server refuses the embedded wallet's session", () => {
  it('after a reload: the remembered session is gone, so the alert shows and the user is disconnected', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.signedIn = false
    const harness = start(keyFrame, REMEMBERED)

    await vi.waitFor(() => expect(state(harness).alertBar).toEqual(ALERTS.sessionExpired))
    expect(state(harness).alertBar?.description).toMatch(/date and time settings/)
    expect(state(harness).open).toBe(true)
    expect(state(harness).account.status).toBe('disconnected')
    expect(harness.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
    expect(methods(keyFrame)).not.toContain('frame.getUser')
  })

  it('while connected: a request refused for its session rejects 4900, shows the alert, and disconnects', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.signedIn = true
    const harness = start(keyFrame, REMEMBERED)
    await vi.waitFor(() => expect(lastStatus(harness)).toBe('connected'))
    keyFrame.handlers['frame.rpcRequest'] = () => {
      throw sessionRequired()
    }

    await expect(
      harness.host.request('rpc.request', { method: 'personal_sign', params: ['0x68690a', '0x00'] }),
    ).rejects.toMatchObject({ code: 4900, reason: MODAL_ERRORS.embeddedSessionExpired.reason })
    await vi.waitFor(() => expect(lastStatus(harness)).toBe('disconnected'))
    expect(state(harness).alertBar).toEqual(ALERTS.sessionExpired)
    expect(methods(keyFrame)).toContain('frame.signOut')
  })

  it('another failure of a request neither alerts nor disconnects', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.signedIn = true
    const harness = start(keyFrame, REMEMBERED)
    await vi.waitFor(() => expect(lastStatus(harness)).toBe('connected'))
    keyFrame.handlers['frame.rpcRequest'] = () => {
      throw new WalletFrameError({ code: -32602, message: 'Invalid params' })
    }

    await expect(
      harness.host.request('rpc.request', { method: 'personal_sign', params: ['0x68690a', '0x00'] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(state(harness).alertBar).toBeUndefined()
    expect(state(harness).account.status).toBe('connected')
  })
})

describe("spec §8 'A problem occurred while trying initialize authentication' (also disconnects)", () => {
  it('after the email login: the user cannot be read, so the login shows the alert and the key frame signs out', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.handlers['frame.getUser'] = () => {
      throw new WalletFrameError({ code: -32603, message: 'user unavailable' })
    }
    const harness = start(keyFrame)
    harness.session.open()
    await vi.waitFor(() => expect(state(harness).embedded.frame).toBe('ready'))
    harness.session.submitEmail('ada@example.com')
    await vi.waitFor(() => expect(state(harness).embedded.login?.step).toBe('code'))
    harness.session.submitLoginCode('123456')

    await vi.waitFor(() => expect(state(harness).embedded.login?.step).toBe('failed'))
    expect(state(harness).embedded.login?.alert).toEqual(ALERTS.authInitFailed)
    expect(state(harness).embedded.login?.alert?.title).toBe(
      'A problem occurred while trying initialize authentication',
    )
    expect(methods(keyFrame)).toContain('frame.signOut')
    expect(keyFrame.signedIn).toBe(false)
    expect(state(harness).account.status).toBe('disconnected')
  })

  it('after a reload: the session is live but its user cannot be read, so the alert shows and the user is disconnected', async () => {
    const keyFrame = createFakeKeyFrame()
    keyFrame.signedIn = true
    keyFrame.handlers['frame.getUser'] = () => {
      throw new WalletFrameError({ code: -32603, message: 'user unavailable' })
    }
    const harness = start(keyFrame, REMEMBERED)

    await vi.waitFor(() => expect(state(harness).alertBar).toEqual(ALERTS.authInitFailed))
    expect(state(harness).account.status).toBe('disconnected')
    expect(methods(keyFrame)).toContain('frame.signOut')
    expect(harness.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
  })
})
