import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createPairingLifecycle,
  isPairingExpired,
  type PairingAttempt,
  type PairingState,
  pairingExpiresAt,
  reusesPairing,
} from './pairing.ts'

const MINUTE = 60_000

/** A fake sign-client `connect()`: each attempt gets URI `wc:N` and an approval the test settles. */
function fakeAttempts() {
  const attempts: Array<{ uri: string; approve(v: string): void; reject(e: unknown): void }> = []
  const create = vi.fn(async (): Promise<PairingAttempt<string>> => {
    let approve!: (v: string) => void
    let reject!: (e: unknown) => void
    const approval = new Promise<string>((res, rej) => {
      approve = res
      reject = rej
    })
    const uri = `wc:${attempts.length + 1}`
    attempts.push({ uri, approve, reject })
    return { uri, approval }
  })
  return { attempts, create }
}

function setup(reuse: boolean) {
  const { attempts, create } = fakeAttempts()
  const states: PairingState[] = []
  const late: string[] = []
  const lifecycle = createPairingLifecycle<string>({
    create,
    reuse,
    onState: (s) => states.push(s),
    onLateApproval: (v) => late.push(v),
  })
  const lastUri = () => {
    const last = states.at(-1)
    return last?.status === 'ready' ? last.uri : undefined
  }
  return { attempts, create, states, late, lifecycle, lastUri }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('pairing expiry (spec §9)', () => {
  it('expires 4 minutes after being set and counts as expired in its last 10 s', () => {
    const setAt = 1_000_000
    const expiresAt = pairingExpiresAt(setAt)
    expect(expiresAt).toBe(setAt + 4 * MINUTE)
    expect(isPairingExpired(expiresAt, setAt)).toBe(false)
    expect(isPairingExpired(expiresAt, expiresAt - 10_001)).toBe(false)
    expect(isPairingExpired(expiresAt, expiresAt - 10_000)).toBe(true)
    expect(isPairingExpired(expiresAt, expiresAt + 1)).toBe(true)
    expect(isPairingExpired(undefined, setAt)).toBe(true)
  })

  it('replaces a shown URI when it enters its last 10 s, and keeps waiting', async () => {
    const { attempts, lifecycle, lastUri } = setup(false)
    const approved = lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(lastUri()).toBe('wc:1')
    await vi.advanceTimersByTimeAsync(4 * MINUTE - 10_001)
    expect(lastUri()).toBe('wc:1')
    await vi.advanceTimersByTimeAsync(1)
    expect(lastUri()).toBe('wc:2')
    await vi.advanceTimersByTimeAsync(4 * MINUTE - 10_000)
    expect(lastUri()).toBe('wc:3')
    // A wallet that scanned the second URI still gets through.
    attempts[1]!.approve('session-2')
    await expect(approved).resolves.toBe('session-2')
  })

  it('shows loading, then the URI; a failed attempt fails the wait', async () => {
    const { create, states, lifecycle } = setup(false)
    create.mockRejectedValueOnce(new Error('relay unreachable'))
    await expect(lifecycle.approve()).rejects.toThrow('relay unreachable')
    expect(states).toEqual([{ status: 'loading' }, { status: 'failed', message: 'relay unreachable' }])
    // Retrying starts a new attempt.
    void lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)).toEqual({ status: 'ready', uri: 'wc:1', expiresAt: Date.now() + 4 * MINUTE })
  })

  it('passes the wallet’s rejection of the shown proposal to the waiter', async () => {
    const { attempts, lifecycle } = setup(false)
    const approved = lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    attempts[0]!.reject({ code: 5000, message: 'User rejected.' })
    await expect(approved).rejects.toEqual({ code: 5000, message: 'User rejected.' })
  })
})

describe('connect attempts and the Telegram / iOS Safari rule (spec §4)', () => {
  it('elsewhere, every connect attempt makes a new pairing', async () => {
    const { lifecycle, lastUri, create } = setup(false)
    const controller = new AbortController()
    lifecycle.approve(controller.signal).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    controller.abort()
    void lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(create).toHaveBeenCalledTimes(2)
    expect(lastUri()).toBe('wc:2')
  })

  it('on Telegram / iOS Safari, reuses an unexpired pairing', async () => {
    const { lifecycle, lastUri, create } = setup(true)
    const first = new AbortController()
    lifecycle.approve(first.signal).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    first.abort()
    await vi.advanceTimersByTimeAsync(2 * MINUTE)
    void lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(create).toHaveBeenCalledTimes(1)
    expect(lastUri()).toBe('wc:1')
  })

  it('on Telegram / iOS Safari, reuses a pending attempt instead of starting another', async () => {
    const { attempts, lifecycle, create } = setup(true)
    let release!: () => void
    create.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ uri: 'wc:slow', approval: new Promise(() => undefined) })
          attempts.push({ uri: 'wc:slow', approve: () => undefined, reject: () => undefined })
        }),
    )
    const first = new AbortController()
    lifecycle.approve(first.signal).catch(() => undefined)
    first.abort()
    void lifecycle.approve()
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(create).toHaveBeenCalledTimes(1)
    expect(lifecycle.state).toMatchObject({ status: 'ready', uri: 'wc:slow' })
  })

  it('on Telegram / iOS Safari, does not reuse an expired pairing', async () => {
    const { lifecycle, lastUri, create } = setup(true)
    const first = new AbortController()
    lifecycle.approve(first.signal).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    first.abort()
    await vi.advanceTimersByTimeAsync(4 * MINUTE - 10_000)
    void lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(create).toHaveBeenCalledTimes(2)
    expect(lastUri()).toBe('wc:2')
  })

  it('never reuses an attempt the wallet already answered', async () => {
    const { attempts, lifecycle, create } = setup(true)
    const approved = lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    attempts[0]!.reject({ code: 5000, message: 'User rejected.' })
    await expect(approved).rejects.toMatchObject({ code: 5000 })
    void lifecycle.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(create).toHaveBeenCalledTimes(2)
  })

  it('an approval after the wait was abandoned is reported as late', async () => {
    const { attempts, lifecycle, late } = setup(false)
    const controller = new AbortController()
    const waiting = lifecycle.approve(controller.signal)
    await vi.advanceTimersByTimeAsync(0)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    attempts[0]!.approve('late-session')
    await vi.advanceTimersByTimeAsync(0)
    expect(late).toEqual(['late-session'])
  })

  it('stops replacing URIs once the wait is abandoned', async () => {
    const { lifecycle, create } = setup(false)
    const controller = new AbortController()
    lifecycle.approve(controller.signal).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    controller.abort()
    await vi.advanceTimersByTimeAsync(10 * MINUTE)
    expect(create).toHaveBeenCalledTimes(1)
  })
})

describe('reusesPairing', () => {
  const IOS_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  const IOS_CHROME =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1'
  const MAC_SAFARI =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
  const ANDROID_CHROME =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36'

  it('is true on iOS Safari and Telegram only', () => {
    expect(reusesPairing({ userAgent: IOS_SAFARI })).toBe(true)
    expect(reusesPairing({ userAgent: IOS_CHROME })).toBe(false)
    expect(reusesPairing({ userAgent: MAC_SAFARI })).toBe(false)
    expect(reusesPairing({ userAgent: ANDROID_CHROME })).toBe(false)
    expect(reusesPairing({ userAgent: ANDROID_CHROME, telegram: true })).toBe(true)
    expect(reusesPairing({ userAgent: `${ANDROID_CHROME} Telegram-Android/10.9.1` })).toBe(true)
  })
})
