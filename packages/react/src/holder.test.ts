/** The Provider's instance holder: what a call made before the instance exists gets. */
import type { WalletFrame } from '@walletframe/sdk'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInstanceHolder } from './holder.ts'

const instance = { destroy() {} } as WalletFrame

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createInstanceHolder', () => {
  it('in the browser, a call made before the Provider mounts waits for its instance', async () => {
    vi.stubGlobal('window', {})
    const holder = createInstanceHolder()
    const ready = holder.ready()
    // Strict mode: the first instance goes before a call could use it; the call gets the next one.
    holder.set(undefined)
    holder.set(instance)
    await expect(ready).resolves.toBe(instance)
    await expect(holder.ready()).resolves.toBe(instance)
  })

  it('tells its subscribers when the instance comes and goes, until they unsubscribe', () => {
    const holder = createInstanceHolder()
    const seen: Array<WalletFrame | undefined> = []
    const unsubscribe = holder.subscribe(() => seen.push(holder.get()))
    holder.set(instance)
    holder.set(undefined)
    unsubscribe()
    holder.set(instance)
    expect(seen).toEqual([instance, undefined])
  })

  it('on the server, rejects at once with code 4900 instead of waiting forever', async () => {
    expect(typeof window).toBe('undefined')
    await expect(createInstanceHolder().ready()).rejects.toMatchObject({
      code: 4900,
      message: expect.stringContaining('server-side rendering'),
    })
  })
})
