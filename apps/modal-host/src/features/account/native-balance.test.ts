import { type Network, TIME } from '@walletframe/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import { createNativeBalance } from './native-balance.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = (id: number) => ({ id }) as Network

function setup() {
  const store = createStore({
    account: { status: 'connected', address: ADDRESS, chainId: 31337 },
    balance: { state: 'idle' },
  } as unknown as SessionState)
  let wei = 1000n
  const read = vi.fn(async () => `0x${(wei++).toString(16)}`)
  const balance = createNativeBalance({
    store,
    findNetwork: (chainId) => (chainId === undefined ? undefined : network(chainId)),
    read,
    log: () => undefined,
  })
  const shown = () => store.get().balance
  const switchTo = (chainId: number) =>
    store.set((s) => ({ account: { ...s.account, chainId } }) as Partial<SessionState>)
  return { balance, read, shown, switchTo }
}

describe('native balance cache (spec §9 "portfolio and native balance 30 s")', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('answers from a read less than 30 s old, per address and chain, then reads again', async () => {
    const { balance, read, shown, switchTo } = setup()
    await balance.load()
    expect(shown()).toEqual({ state: 'loaded', value: 1000n })
    vi.advanceTimersByTime(TIME.balanceCacheMs - 1)
    await balance.load()
    expect(read).toHaveBeenCalledTimes(1)
    expect(shown()).toEqual({ state: 'loaded', value: 1000n })

    // Another chain is another entry; coming back within 30 s of its read uses the first.
    switchTo(31338)
    await balance.load()
    expect(read).toHaveBeenCalledTimes(2)
    switchTo(31337)
    await balance.load()
    expect(read).toHaveBeenCalledTimes(2)
    expect(shown()).toEqual({ state: 'loaded', value: 1000n })

    vi.advanceTimersByTime(1)
    await balance.load()
    expect(read).toHaveBeenCalledTimes(3)
    expect(shown()).toEqual({ state: 'loaded', value: 1002n })
  })

  it('a send or swap success (refresh) reads again at once and the cache holds the new value', async () => {
    const { balance, read, shown } = setup()
    await balance.load()
    await balance.refresh()
    expect(read).toHaveBeenCalledTimes(2)
    expect(shown()).toEqual({ state: 'loaded', value: 1001n })
    await balance.load()
    expect(read).toHaveBeenCalledTimes(2)
    expect(shown()).toEqual({ state: 'loaded', value: 1001n })
  })

  it('caches no failure: the next load reads again', async () => {
    const { balance, read, shown } = setup()
    read.mockRejectedValueOnce(new Error('down'))
    await balance.load()
    expect(shown()).toEqual({ state: 'error' })
    await balance.load()
    expect(read).toHaveBeenCalledTimes(2)
    expect(shown()).toEqual({ state: 'loaded', value: 1000n })
  })
})
