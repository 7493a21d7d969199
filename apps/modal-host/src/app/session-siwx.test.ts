/**
 * Wallet sign-in in the modal (spec §4 "Wallet sign-in", §3 sign-in message fields, §8 'Signature
 * declined'): what is signed, what is kept, and when a session ends. The whole path against the real
 * API and a real wallet is e2e/tests/siwx.spec.ts.
 */
import {
  type ModalInit,
  SIWX_PATHS,
  type SiwxStoredSession,
  STORAGE_KEYS,
  UI_MESSAGES,
} from '@walletframe/protocol'
import { parseSiwxMessage } from '@walletframe/siwx-server'
import { describe, expect, it, vi } from 'vitest'
import {
  type AccountType,
  type ApiClient,
  createHostStorage,
  type SessionState,
} from '../features/core/index.ts'
import { createSiwx, initialSiwx, sessionMatches } from '../features/siwx/index.ts'
import { createStore } from '../ui/store.ts'
import { INITIAL_STATE } from './initial-state.ts'
import { testInit, testNetwork } from './test-support.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ORIGIN = 'http://127.0.0.1:5173'
const NOW = Date.parse('2026-11-27T10:00:00Z')
const SESSION: SiwxStoredSession = {
  id: 'a'.repeat(32),
  address: ADDRESS,
  chainId: 31337,
  expiresAt: '2026-11-28T10:00:00.000Z',
  message: 'm',
  signature: '0x01',
  pci: 'proof',
}

/** `null`: the integrator did not ask for sign-in. */
function setup(siwx: ModalInit['siwx'] | null = {}, stored: Record<string, string> = {}) {
  const init = testInit({
    networks: [testNetwork(31337, 'http://127.0.0.1:9/'), testNetwork(31338, 'http://127.0.0.1:9/')],
    // The host's real origin, pinned at the handshake (app/host-init.ts), whatever the page claimed.
    metadata: { name: 'Dapp', url: ORIGIN },
    siwx: siwx ?? undefined,
  })
  const writes: Record<string, string | undefined> = {}
  const storage = createHostStorage(
    stored,
    {
      set: (key, value) => {
        writes[key] = value
        return Promise.resolve()
      },
      remove: (key) => {
        writes[key] = undefined
      },
    },
    () => undefined,
  )
  const store = createStore<SessionState>({ ...INITIAL_STATE, init, siwx: initialSiwx(init, storage) })
  const posts: { path: string; body: unknown }[] = []
  const post = vi.fn(async (path: string, body: unknown) => {
    posts.push({ path, body })
    if (path === SIWX_PATHS.nonce) return { nonce: 'n0nce1234567', expiresAt: '2026-11-27T10:10:00.000Z' }
    if (path === SIWX_PATHS.create) {
      const { message, signature } = body as { message: string; signature: string }
      return {
        session: { ...SESSION, id: 'b'.repeat(32), message, signature, accountId: '', domain: '', uri: '' },
        pci: 'new-proof',
      }
    }
    return { ...SESSION, status: 'revoked' }
  })
  const wallet = vi.fn(async (_method: string, _params: unknown[]) => '0xsigned')
  const told: (SiwxStoredSession | null)[] = []
  const context = {
    signedIn: vi.fn(),
    askAgain: vi.fn(),
    disconnect: vi.fn(async () => undefined),
    toast: vi.fn(),
  }
  const siwxFlow = createSiwx({
    init,
    store,
    storage,
    api: () => ({ post }) as unknown as ApiClient,
    walletRequest: wallet,
    tell: (session) => told.push(session),
    log: () => undefined,
    now: () => NOW,
    ...context,
  })
  const connect = (chainId = 31337, address = ADDRESS, type?: AccountType) => {
    const prev = store.get()
    store.set({ account: { status: 'connected', address, chainId, ...(type ? { type } : {}) } })
    siwxFlow.accountChanged(prev, store.get())
  }
  return { store, siwx: siwxFlow, posts, wallet, told, writes, connect, ...context }
}

describe('sign-in state at the hello', () => {
  it('is off without the siwx option, and keeps a stored session only when it is well formed', () => {
    const stored = { [STORAGE_KEYS.siwxSession]: JSON.stringify(SESSION) }
    expect(setup(null, stored).store.get().siwx).toEqual({
      enabled: false,
      required: true,
      status: 'idle',
    })
    expect(setup({}, stored).store.get().siwx.session).toEqual(SESSION)
    expect(setup({ required: false }, { [STORAGE_KEYS.siwxSession]: '{"id":"x"}' }).store.get().siwx).toEqual(
      {
        enabled: true,
        required: false,
        status: 'idle',
      },
    )
  })

  it("matches the connected account (any letter case) on the session's chain, until it expires", () => {
    const state = (account: SessionState['account']) =>
      ({
        ...INITIAL_STATE,
        account,
        siwx: { enabled: true, required: true, status: 'idle', session: SESSION },
      }) as SessionState
    const now = Date.parse('2026-11-27T12:00:00Z')
    expect(
      sessionMatches(state({ status: 'connected', address: ADDRESS.toLowerCase(), chainId: 31337 }), now),
    ).toBe(true)
    expect(sessionMatches(state({ status: 'connected', address: ADDRESS, chainId: 31338 }), now)).toBe(false)
    expect(
      sessionMatches(state({ status: 'connected', address: `0x${'1'.repeat(40)}`, chainId: 31337 }), now),
    ).toBe(false)
    expect(
      sessionMatches(
        state({ status: 'connected', address: ADDRESS, chainId: 31337 }),
        Date.parse(SESSION.expiresAt),
      ),
    ).toBe(false)
  })
})

describe('signIn (spec §4)', () => {
  it('signs an EIP-4361 message for the host origin with the API nonce, keeps the session and closes', async () => {
    const t = setup({ statement: 'Welcome', expirationMs: 3_600_000 })
    t.connect()
    await t.siwx.signIn()
    const [method, [hex, address]] = t.wallet.mock.calls[0] as [string, [string, string]]
    expect([method, address]).toEqual(['personal_sign', ADDRESS])
    const message = new TextDecoder().decode(Uint8Array.from(Buffer.from(hex.slice(2), 'hex')))
    expect(parseSiwxMessage(message)).toMatchObject({
      domain: '127.0.0.1:5173',
      uri: ORIGIN,
      address: ADDRESS,
      chainId: 31337,
      nonce: 'n0nce1234567',
      statement: 'Welcome',
      issuedAt: new Date(NOW),
      expirationTime: new Date(NOW + 3_600_000),
    })
    expect(t.posts.map((p) => p.path)).toEqual([SIWX_PATHS.nonce, SIWX_PATHS.create])
    const kept = t.store.get().siwx.session
    expect(kept).toMatchObject({ id: 'b'.repeat(32), pci: 'new-proof', message })
    expect(JSON.parse(t.writes[STORAGE_KEYS.siwxSession]!)).toEqual(kept)
    expect(t.told).toEqual([kept])
    expect(t.signedIn).toHaveBeenCalledOnce()
  })

  it("says 'Signature declined' when the wallet refuses, keeps nothing and stays open for another try (spec §8)", async () => {
    const t = setup()
    t.connect()
    t.wallet.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    await t.siwx.signIn()
    expect(t.store.get().siwx).toMatchObject({ status: 'declined' })
    expect(t.store.get().siwx.session).toBeUndefined()
    expect(t.toast).toHaveBeenCalledWith(UI_MESSAGES.signatureDeclined)
    expect(t.signedIn).not.toHaveBeenCalled()
    await t.siwx.signIn()
    expect(t.store.get().siwx.session).toBeDefined()
  })

  it("says 'This application might not support Smart Accounts' instead when a smart account's sign-in fails (spec §8)", async () => {
    for (const [type, shown] of [
      ['smartAccount', UI_MESSAGES.smartAccountSignInFailed],
      ['eoa', UI_MESSAGES.signatureDeclined],
    ] as const) {
      const t = setup()
      t.connect(31337, ADDRESS, type)
      t.wallet.mockRejectedValueOnce(new Error('the signature could not be made'))
      await t.siwx.signIn()
      expect(t.store.get().siwx).toMatchObject({ status: 'declined' })
      expect(t.toast).toHaveBeenCalledExactlyOnceWith(shown)
    }
  })
})

describe('when a session ends (spec §4)', () => {
  const stored = { [STORAGE_KEYS.siwxSession]: JSON.stringify(SESSION) }

  it('a network the session was not signed on ends it (revoked, told, removed) and asks again', () => {
    const t = setup({}, stored)
    t.connect(31337)
    expect(t.store.get().siwx.session).toEqual(SESSION)
    t.connect(31338)
    expect(t.store.get().siwx.session).toBeUndefined()
    expect(t.told).toEqual([null])
    expect(t.writes[STORAGE_KEYS.siwxSession]).toBeUndefined()
    expect(t.posts).toEqual([{ path: SIWX_PATHS.revoke.replace(':id', SESSION.id), body: { pci: 'proof' } }])
    expect(t.askAgain).toHaveBeenCalledOnce()
  })

  it('disconnecting ends it without asking again', () => {
    const t = setup({}, stored)
    t.connect()
    const prev = t.store.get()
    t.store.set({ account: { status: 'disconnected' } })
    t.siwx.accountChanged(prev, t.store.get())
    expect(t.told).toEqual([null])
    expect(t.askAgain).not.toHaveBeenCalled()
  })

  it("the dapp's signOut() ends it, and disconnects when sign-in is required", async () => {
    const required = setup({}, stored)
    required.connect()
    await required.siwx.signOut()
    expect(required.told).toEqual([null])
    expect(required.disconnect).toHaveBeenCalledOnce()
    const optional = setup({ required: false }, stored)
    optional.connect()
    await optional.siwx.signOut()
    expect(optional.disconnect).not.toHaveBeenCalled()
  })

  it('cancel disconnects when sign-in is required, otherwise only closes', () => {
    const required = setup()
    required.siwx.cancel()
    expect(required.disconnect).toHaveBeenCalledOnce()
    const optional = setup({ required: false })
    optional.siwx.cancel()
    expect(optional.disconnect).not.toHaveBeenCalled()
    expect(optional.signedIn).toHaveBeenCalledOnce()
  })
})
