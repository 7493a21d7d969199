import { describe, expect, it } from 'vitest'
import { MemoryBuckets } from './buckets.ts'

describe('MemoryBuckets', () => {
  it('allows the capacity at once, then refills over time, per key', async () => {
    let now = 0
    const buckets = new MemoryBuckets({ capacity: 3, refillPerMinute: 6 }, () => now)
    const takes = (key: string, n: number) => Promise.all(Array.from({ length: n }, () => buckets.take(key)))
    expect(await takes('a', 3)).toEqual([0, 0, 0])
    expect(await buckets.take('a')).toBe(10) // one token every 10 s
    expect(await buckets.take('b')).toBe(0)
    now += 4_000
    expect(await buckets.take('a')).toBe(6)
    now += 6_000
    expect(await buckets.take('a')).toBe(0)
    now += 600_000
    expect(await takes('a', 4)).toEqual([0, 0, 0, 10])
  })
})
