/** The Redis store on a throwaway redis-server: one budget across processes, and Redis going away. */
import { hasRedisServer, REDIS_SERVER, type RedisServer, startRedisServer } from '@walletframe/testing'
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectLimiterRedis, RedisBuckets } from './redis-buckets.ts'

describe.skipIf(!hasRedisServer)(`RedisBuckets (needs ${REDIS_SERVER})`, () => {
  let server: RedisServer
  const clients: Redis[] = []
  // Each client stands for one process of a service.
  const process = async () => {
    const redis = await connectLimiterRedis(server.url)
    clients.push(redis)
    return redis
  }

  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    for (const redis of clients) redis.disconnect()
    await server?.stop()
  })

  it('spends one budget from every process, refills, and lets idle keys expire', async () => {
    let now = 1_000_000
    const rule = { capacity: 4, refillPerMinute: 6 }
    const [a, b] = [await process(), await process()].map(
      (redis) => new RedisBuckets(rule, { redis, name: 'shared', now: () => now }),
    ) as [RedisBuckets, RedisBuckets]
    expect([await a.take('ip1'), await b.take('ip1'), await a.take('ip1'), await b.take('ip1')]).toEqual([
      0, 0, 0, 0,
    ])
    expect(await a.take('ip1')).toBe(10)
    expect(await b.take('ip1')).toBe(10)
    expect(await b.take('ip2')).toBe(0)
    now += 10_000
    expect(await b.take('ip1')).toBe(0)
    expect(await a.take('ip1')).toBe(10)
    const ttl = await clients[0]!.pttl('wf:rl:shared:ip1')
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(41_000)
    // Another limiter name is another budget.
    expect(
      await new RedisBuckets(rule, { redis: clients[0]!, name: 'other', now: () => now }).take('ip1'),
    ).toBe(0)
  })

  it('keeps limiting in memory while Redis is down', async () => {
    const logs: string[] = []
    const redis = await process()
    const buckets = new RedisBuckets(
      { capacity: 2, refillPerMinute: 1 },
      { redis, name: 'down', log: (message) => logs.push(message) },
    )
    await server.stop()
    expect([await buckets.take('ip'), await buckets.take('ip'), await buckets.take('ip')]).toEqual([0, 0, 60])
    expect(logs).toHaveLength(1)
    expect(logs[0]).toContain('counts in memory')
  })
})
