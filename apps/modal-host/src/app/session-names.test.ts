/**
 * Name registration in the modal (spec §4 "Name registration", §5 "Names", §8 name errors, §9
 * debounce): the label checked as typed, the API asked after the pause, the message signed and
 * registered. The whole path against the real API and wallets is e2e/tests/names.spec.ts.
 */
import { API_PATHS, evmCoinType, TIME, UI_MESSAGES } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient, SessionState } from '../features/core/index.ts'
import { createNames } from '../features/names/index.ts'
import { createStore } from '../ui/store.ts'
import { INITIAL_STATE } from './initial-state.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NOW = Date.parse('2026-11-27T10:00:00Z')

afterEach(() => vi.useRealTimers())

function setup(answers: { taken?: string[]; suggestionsFail?: boolean; registerFails?: boolean } = {}) {
  vi.useFakeTimers()
  const store = createStore<SessionState>({
    ...INITIAL_STATE,
    account: { status: 'connected', address: ADDRESS, chainId: 31337 },
  })
  const asked: string[] = []
  const posted: unknown[] = []
  const api = {
    get: vi.fn(async (path: string) => {
      asked.push(path)
      if (answers.suggestionsFail) throw new Error('offline')
      const label = decodeURIComponent(path.split('/').at(-1)!)
      const name = `${label}.wf`
      return {
        suggestions: [
          { name, registered: answers.taken?.includes(name) ?? false },
          { name: `${label}1.wf`, registered: false },
        ],
      }
    }),
    post: vi.fn(async (_path: string, body: unknown) => {
      posted.push(body)
      if (answers.registerFails) throw new Error('NAME_TAKEN')
      return {}
    }),
  } as unknown as ApiClient
  const wallet = vi.fn(async () => '0xsigned')
  const context = { identityChanged: vi.fn(), succeeded: vi.fn(), toast: vi.fn() }
  const names = createNames({
    store,
    api: () => api,
    walletRequest: wallet,
    log: () => undefined,
    now: () => NOW,
    ...context,
  })
  return { store, names, asked, posted, wallet, api, ...context }
}

describe('typing a name (spec §5, §9 debounce)', () => {
  it('refuses what breaks the rules at once, without asking the API', () => {
    const t = setup()
    t.names.typeName('abc')
    expect(t.store.get().names).toMatchObject({ status: 'invalid', problem: 'must be at least 4 characters' })
    t.names.typeName('bad_name')
    expect(t.store.get().names.status).toBe('invalid')
    vi.advanceTimersByTime(TIME.debounceMs)
    expect(t.asked).toEqual([])
  })

  it('asks once, after the pause, for the last label typed; `.wf` is the zone, not part of the label', async () => {
    const t = setup()
    t.names.typeName('alic')
    t.names.typeName('alice.wf')
    expect(t.store.get().names.status).toBe('checking')
    await vi.advanceTimersByTimeAsync(TIME.debounceMs - 1)
    expect(t.asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(t.asked).toEqual([API_PATHS.profileSuggestions.replace(':name', 'alice')])
    expect(t.store.get().names).toMatchObject({ status: 'available', suggestions: ['alice1.wf'] })
  })

  it('says a taken name is taken, and an unreachable API says so once (spec §8)', async () => {
    const taken = setup({ taken: ['alice.wf'] })
    taken.names.typeName('alice')
    await vi.advanceTimersByTimeAsync(TIME.debounceMs)
    expect(taken.store.get().names.status).toBe('taken')
    const offline = setup({ suggestionsFail: true })
    offline.names.typeName('alice')
    await vi.advanceTimersByTimeAsync(TIME.debounceMs)
    expect(offline.store.get().names.status).toBe('error')
    expect(offline.toast).toHaveBeenCalledWith(UI_MESSAGES.nameSuggestionsFailed)
  })
})

describe('registering (spec §4 "Name registration")', () => {
  it('signs the JSON of name, attributes and timestamp in seconds, registers it, then the success view', async () => {
    const t = setup()
    t.names.typeName('Alice')
    await vi.advanceTimersByTimeAsync(TIME.debounceMs)
    await t.names.registerName()
    const message = JSON.stringify({ name: 'alice.wf', attributes: {}, timestamp: NOW / 1000 })
    expect(t.wallet).toHaveBeenCalledWith('personal_sign', [
      `0x${Buffer.from(message, 'utf8').toString('hex')}`,
      ADDRESS,
    ])
    expect(t.posted).toEqual([
      { coin_type: evmCoinType(31337), address: ADDRESS, message, signature: '0xsigned' },
    ])
    expect(t.store.get().names).toMatchObject({ registered: 'alice.wf', label: '' })
    expect(t.identityChanged).toHaveBeenCalledOnce()
    expect(t.succeeded).toHaveBeenCalledOnce()
  })

  it("returns to the form with 'Error registering name {name}' when the API refuses (spec §8)", async () => {
    const t = setup({ registerFails: true })
    t.names.typeName('alice')
    await vi.advanceTimersByTimeAsync(TIME.debounceMs)
    await t.names.registerName()
    expect(t.toast).toHaveBeenCalledWith({ key: 'names.registrationFailed', values: { name: 'alice.wf' } })
    expect(t.store.get().names.status).toBe('available')
    expect(t.succeeded).not.toHaveBeenCalled()
  })

  it('registers nothing for a name not checked as available', async () => {
    const t = setup({ taken: ['alice.wf'] })
    t.names.typeName('alice')
    await vi.advanceTimersByTimeAsync(TIME.debounceMs)
    await t.names.registerName()
    expect(t.wallet).not.toHaveBeenCalled()
  })
})
