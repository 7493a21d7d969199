/** The session's tracking events (spec §4 "Modal", "Disconnect"; §7 `POST /e`) through a fake data API. */
import {
  ANALYTICS_EVENTS,
  type AnalyticsEvent,
  AnalyticsEventSchema,
  PROVIDER_ERRORS,
  STORAGE_KEYS,
  WalletFrameError,
} from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeWallet, rejectOnce } from '../features/connect/test-wallet.ts'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/auth-connector.ts'
import { createFakeKeyFrame } from '../features/embedded/test-key-frame.ts'
import { createSessionTracking } from './session-tracking.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const networks = [testNetwork(31337, 'http://127.0.0.1:9/'), testNetwork(31338, 'http://127.0.0.1:9/')]
const ORIGIN = 'https://dapp.example'
const harnesses: SessionHarness[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function fakeApi(answers: { enabled?: boolean } = {}) {
  const paths: string[] = []
  const events: AnalyticsEvent[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    paths.push(url.pathname)
    if (url.pathname === '/e') {
      events.push(AnalyticsEventSchema.parse(JSON.parse(String(init?.body))))
      return new Response(null, { status: 204 })
    }
    const body =
      url.pathname === '/getAnalyticsConfig'
        ? { isAnalyticsEnabled: answers.enabled ?? true }
        : url.pathname.endsWith('/balance')
          ? { balances: [] }
          : url.pathname.endsWith('/supported-chains')
            ? { http: networks.map((network) => network.caipNetworkId), ws: [] }
            : { data: [], count: 0 }
    return new Response(JSON.stringify(body), { status: 200 })
  }) as typeof globalThis.fetch
  return { fetch, paths, events, names: () => events.map((event) => event.props.event) }
}

function start(
  api: ReturnType<typeof fakeApi>,
  analytics?: boolean | 'consent',
  page?: EventTarget,
  analyticsConsent?: boolean,
  topLevel?: { analytics: boolean | 'consent' },
) {
  const wallet = createFakeWallet({ name: 'Harbor' })
  const harness = startSession({
    networks,
    wallets: [wallet],
    init: {
      metadata: { name: 'Dapp', url: ORIGIN },
      features: analytics === undefined ? {} : { analytics },
      ...(analyticsConsent === undefined ? {} : { analyticsConsent }),
      ...topLevel,
    },
    session: { api: { url: 'http://api.test', fetch: api.fetch }, ...(page ? { page } : {}) },
  })
  harnesses.push(harness)
  return { harness, wallet }
}

describe('session tracking (spec §4 Modal and Disconnect, §7 POST /e)', () => {
  it('tracks open, wallet selected, connect, network switch, disconnect and close, in order', async () => {
    const api = fakeApi()
    const { harness, wallet } = start(api)
    await connectWallet(harness, wallet)
    await harness.session.switchNetwork(networks[1]!)
    await harness.session.disconnect()
    harness.session.close()
    await vi.waitFor(() => expect(api.names()).toContain(ANALYTICS_EVENTS.modalClose))
    expect(api.names()).toEqual([
      'MODAL_OPEN',
      'SELECT_WALLET',
      'CONNECT_SUCCESS',
      'SWITCH_NETWORK',
      'DISCONNECT_SUCCESS',
      'MODAL_CLOSE',
    ])
    expect(api.events.map((event) => event.props.properties)).toEqual([
      { connected: false },
      { name: 'Harbor', platform: 'browser' },
      { name: 'Harbor', platform: 'browser' },
      { network: 'eip155:31338' },
      {},
      { connected: false },
    ])
    expect(api.events.every((event) => event.url === ORIGIN && event.domain === 'dapp.example')).toBe(true)
    // Privacy: not even the connected address is sent.
    expect(JSON.stringify(api.events)).not.toMatch(/0x[0-9a-fA-F]{40}/)
    expect(api.paths.filter((path) => path === '/getAnalyticsConfig')).toHaveLength(1)
  })

  it("hands the open batch over at the modal page's pagehide, without waiting for its end", async () => {
    const api = fakeApi()
    const page = new EventTarget()
    const { harness } = start(api, undefined, page)
    harness.session.open()
    await vi.waitFor(() => expect(api.paths).toContain('/getAnalyticsConfig'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(api.events).toEqual([])
    page.dispatchEvent(new Event('pagehide'))
    // Sent in the pagehide handler itself: the page may be gone once it returns.
    expect(api.names()).toEqual(['MODAL_OPEN'])
  })

  it("spec §4 Disconnect: a connector's failed disconnect is tracked as DISCONNECT_ERROR", async () => {
    const api = fakeApi()
    const keyFrame = createFakeKeyFrame()
    keyFrame.signedIn = true
    keyFrame.handlers['frame.signOut'] = () => {
      throw new WalletFrameError({ code: -32603, message: 'sign-out failed' })
    }
    const harness = startSession({
      networks,
      wallets: [],
      storage: {
        [STORAGE_KEYS.connectionStatus]: 'connected',
        [STORAGE_KEYS.connectorId]: EMBEDDED_CONNECTOR_ID,
      },
      init: { metadata: { name: 'Dapp', url: ORIGIN } },
      session: {
        api: { url: 'http://api.test', fetch: api.fetch },
        embedded: { keyFrameOrigin: 'http://localhost:5177', connect: keyFrame.connect },
      },
    })
    harnesses.push(harness)
    cleanups.push(keyFrame.close)
    await vi.waitFor(() => expect(harness.session.store.get().account.status).toBe('connected'))
    harness.session.open()
    await harness.session.disconnect()
    harness.session.close()
    await vi.waitFor(() => expect(api.names()).toContain(ANALYTICS_EVENTS.modalClose))
    expect(api.names()).toEqual(['MODAL_OPEN', 'DISCONNECT_ERROR', 'MODAL_CLOSE'])
  })

  it('tracks a declined connect once as CONNECT_ERROR', async () => {
    const api = fakeApi()
    const { harness, wallet } = start(api)
    rejectOnce(wallet, 'eth_requestAccounts', PROVIDER_ERRORS.userRejected.code, 'User rejected')
    harness.session.open()
    harness.session.selectWallet(wallet.descriptor)
    await vi.waitFor(() => expect(harness.session.store.get().connecting?.state).toBe('declined'))
    harness.session.close()
    await vi.waitFor(() => expect(api.names()).toContain(ANALYTICS_EVENTS.modalClose))
    expect(api.names()).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_ERROR', 'MODAL_CLOSE'])
    expect(api.events[2]?.props.properties).toEqual({ platform: 'browser', reason: 'declined' })
  })

  it('analytics: false sends nothing, not even the config request', async () => {
    const api = fakeApi()
    const { harness, wallet } = start(api, false)
    await connectWallet(harness, wallet)
    // The API is reachable all along: the account's tokens are read from it.
    await harness.session.accountData()?.loadTokens()
    await harness.session.disconnect()
    harness.session.close()
    expect(api.paths.some((path) => path.endsWith('/balance'))).toBe(true)
    expect(api.paths.filter((path) => path === '/e' || path === '/getAnalyticsConfig')).toEqual([])
  })

  it('a project with analytics off gets no events', async () => {
    const api = fakeApi({ enabled: false })
    const { harness, wallet } = start(api)
    await connectWallet(harness, wallet)
    harness.session.close()
    await vi.waitFor(() => expect(api.paths).toContain('/getAnalyticsConfig'))
    await harness.session.disconnect()
    expect(api.events).toEqual([])
  })
})

describe('session tracking of login flows (spec §4)', () => {
  it('tracks a failed email or social login once as CONNECT_ERROR, whatever the snapshots repeat', () => {
    const tracked: unknown[] = []
    const tracking = createSessionTracking(() => ({
      track: (event) => tracked.push(event),
      flush() {},
      stop() {},
    }))
    for (const state of ['sending', 'code', 'failed', 'failed']) tracking.loginReported('email', state)
    tracking.loginReported('social', 'popup')
    tracking.loginReported('social', 'failed')
    // A new attempt that fails again is a new error.
    tracking.loginReported('social', 'connecting')
    tracking.loginReported('social', 'failed')
    expect(tracked).toEqual([
      { event: 'CONNECT_ERROR', properties: { platform: 'email', reason: 'failed' } },
      { event: 'CONNECT_ERROR', properties: { platform: 'social', reason: 'failed' } },
      { event: 'CONNECT_ERROR', properties: { platform: 'social', reason: 'failed' } },
    ])
  })

  it("analytics: 'consent' sends nothing before the host's consent, drops what came before, and stops at a revoke", async () => {
    const api = fakeApi()
    const { harness, wallet } = start(api, 'consent')
    await connectWallet(harness, wallet)
    harness.session.close()
    await harness.session.accountData()?.loadTokens()
    expect(api.paths.filter((path) => path === '/e' || path === '/getAnalyticsConfig')).toEqual([])
    await harness.host.request('analytics.consent', { granted: true })
    await harness.session.switchNetwork(networks[1]!)
    harness.session.open()
    harness.session.close()
    await vi.waitFor(() => expect(api.names()).toContain(ANALYTICS_EVENTS.modalClose))
    // What happened before the consent is not sent later: dropped, not queued.
    expect(api.names()).toEqual(['SWITCH_NETWORK', 'MODAL_OPEN', 'MODAL_CLOSE'])
    await harness.host.request('analytics.consent', { granted: false })
    const sent = api.paths.length
    harness.session.open()
    await harness.session.disconnect()
    harness.session.close()
    await harness.session.accountData()?.loadTokens()
    expect(api.paths.slice(sent).filter((path) => path === '/e' || path === '/getAnalyticsConfig')).toEqual(
      [],
    )
  })

  it("analytics: 'consent' with the consent given before the frame was made (the init) tracks from the start", async () => {
    const api = fakeApi()
    const { harness } = start(api, 'consent', undefined, true)
    harness.session.open()
    harness.session.close()
    await vi.waitFor(() => expect(api.names()).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']))
  })

  it("the top-level analytics option (issue 13's name) is the same switch and overrides features.analytics", async () => {
    const silent = fakeApi()
    start(silent, true, undefined, undefined, { analytics: false }).harness.session.open()
    const consent = fakeApi()
    const { harness } = start(consent, undefined, undefined, undefined, { analytics: 'consent' })
    harness.session.open()
    harness.session.close()
    await harness.session.accountData()?.loadTokens()
    expect(
      [...silent.paths, ...consent.paths].filter((path) => path === '/e' || path === '/getAnalyticsConfig'),
    ).toEqual([])
    await harness.host.request('analytics.consent', { granted: true })
    harness.session.open()
    harness.session.close()
    await vi.waitFor(() => expect(consent.names()).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']))
  })

  it('ignores the consent calls when analytics is not in consent mode', async () => {
    const api = fakeApi()
    const { harness } = start(api)
    await harness.host.request('analytics.consent', { granted: false })
    harness.session.open()
    harness.session.close()
    await vi.waitFor(() => expect(api.names()).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']))
  })
})
