import { describe, expect, it } from 'vitest'
import { TtlCache } from './cache.ts'

describe('TtlCache', () => {
  it('expires entries after the TTL', () => {
    let now = 1_000
    const cache = new TtlCache<string>(30_000, 10, () => now)
    cache.set('a', 'one')
    now += 29_999
    expect(cache.get('a')).toBe('one')
    now += 1
    expect(cache.get('a')).toBeUndefined()
  })

  it('drops the oldest entry beyond its size', () => {
    const cache = new TtlCache<number>(60_000, 2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
  })

  it('shares one load between concurrent misses, and does not cache failures', async () => {
    const cache = new TtlCache<number>(60_000)
    let loads = 0
    const load = async () => {
      loads += 1
      await new Promise((resolve) => setTimeout(resolve, 10))
      return loads
    }
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual([1, 1])
    expect(loads).toBe(1)
    await expect(cache.getOrLoad('bad', () => Promise.reject(new Error('rpc down')))).rejects.toThrow(
      'rpc down',
    )
    expect(await cache.getOrLoad('bad', async () => 7)).toBe(7)
  })

  it('reloads on fresh, and caches the fresh value', async () => {
    const cache = new TtlCache<number>(60_000)
    cache.set('k', 1)
    expect(await cache.getOrLoad('k', async () => 2)).toBe(1)
    expect(await cache.getOrLoad('k', async () => 2, true)).toBe(2)
    expect(cache.get('k')).toBe(2)
  })
})
