/** The API's request limits through the whole app (app.request), in memory and shared on Redis. */
import { connectLimiterRedis, perMinute } from '@walletframe/rate-limit'
import { hasRedisServer, REDIS_SERVER, type RedisServer, startRedisServer } from '@walletframe/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiRateLimits } from '../../config.ts'
import {
  CLIENT,
  MODAL_ORIGIN,
  openTestStorage,
  registryApp,
  type TestStorage,
  testApiConfig,
} from '../../registry/test-support.ts'
import { createApiLimits } from './rate-limit.ts'

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })
const LIMITS: ApiRateLimits = {
  perIp: perMinute(3),
  perProject: perMinute(5),
  eventsPerIp: perMinute(3),
  forceUpdateSeconds: 10,
  forceUpdatePerIp: perMinute(4),
  trustedProxyHops: 0,
}
const OTHER_PROJECT = 'registry-quiet'

describe('API rate limits', () => {
  let storage: TestStorage
  beforeAll(async () => {
    storage = await openTestStorage('pglite')
  })
  afterAll(() => storage?.close())
  const appWith = (limits = createApiLimits(LIMITS)) =>
    registryApp(storage.db, {}, { ...testApiConfig(), rateLimits: LIMITS }, limits)
  const roomy = { ...LIMITS, perIp: perMinute(100), perProject: perMinute(100) }
  const get = (app: ReturnType<typeof appWith>, ip: string, query = CLIENT) =>
    app.request(`/getAnalyticsConfig?${query}`, { headers: { Origin: MODAL_ORIGIN } }, from(ip))

  it('answers 429 RATE_LIMITED with Retry-After and CORS once an IP has spent its minute', async () => {
    const app = appWith()
    for (let i = 0; i < 3; i++) expect((await get(app, '10.0.0.1')).status).toBe(200)
    const refused = await get(app, '10.0.0.1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('20')
    // The modal reads the answer, so CORS headers are on it.
    expect(refused.headers.get('access-control-allow-origin')).toBe(MODAL_ORIGIN)
    expect(await refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests; wait a moment and try again',
    })
    expect((await get(app, '10.0.0.2')).status).toBe(200)
    expect((await app.request('/healthz', {}, from('10.0.0.1'))).status).toBe(200)
  })

  it('limits a project across IPs without touching other projects', async () => {
    const app = appWith()
    for (let i = 0; i < 5; i++) expect((await get(app, `10.1.0.${i}`)).status).toBe(200)
    expect((await get(app, '10.1.0.9')).status).toBe(429)
    expect((await get(app, '10.1.0.9', `projectId=${OTHER_PROJECT}&st=walletframe&sv=0.1.0`)).status).toBe(
      200,
    )
  })

  it('counts the client behind a trusted proxy, and ignores X-Forwarded-For when no proxy is trusted', async () => {
    const viaProxy = (app: ReturnType<typeof appWith>, client: string) =>
      app.request(
        `/getAnalyticsConfig?${CLIENT}`,
        { headers: { Origin: MODAL_ORIGIN, 'X-Forwarded-For': client } },
        from('10.3.0.1'),
      )
    // No hop trusted (the default): a spoofed header per request still spends the peer's budget.
    const direct = appWith()
    const spoofed = []
    for (let i = 0; i < 4; i++) spoofed.push((await viaProxy(direct, `198.51.100.${i}`)).status)
    expect(spoofed).toEqual([200, 200, 200, 429])
    // One hop trusted: users behind the proxy each have their own budget.
    const behindProxy = appWith(createApiLimits({ ...LIMITS, trustedProxyHops: 1 }))
    for (let i = 0; i < 3; i++) expect((await viaProxy(behindProxy, '203.0.113.1')).status).toBe(200)
    expect((await viaProxy(behindProxy, '203.0.113.1')).status).toBe(429)
    expect((await viaProxy(behindProxy, '203.0.113.2')).status).toBe(200)
  })

  it('caps forceUpdate per IP across many addresses with 429 and Retry-After', async () => {
    const app = appWith(createApiLimits(roomy))
    const force = (address: string, ip: string) =>
      app.request(
        `/v1/account/${address}/balance?${CLIENT}&forceUpdate=true`,
        { headers: { Origin: MODAL_ORIGIN } },
        from(ip),
      )
    const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`
    const statuses = []
    for (let i = 1; i <= 5; i++) statuses.push((await force(address(i), '10.4.0.1')).status)
    // Each address is new (never throttled per address); the fifth is over the IP's 4 a minute.
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const refused = await force(address(6), '10.4.0.1')
    expect(refused.headers.get('retry-after')).toBe('15')
    expect((await refused.json()).code).toBe('RATE_LIMITED')
    // Another IP, and the same IP reading without forceUpdate, are served.
    expect((await force(address(7), '10.4.0.2')).status).toBe(200)
    const cached = await app.request(
      `/v1/account/${address(8)}/balance?${CLIENT}`,
      { headers: { Origin: MODAL_ORIGIN } },
      from('10.4.0.1'),
    )
    expect(cached.status).toBe(200)
  })

  describe.skipIf(!hasRedisServer)(`on Redis (needs ${REDIS_SERVER})`, () => {
    let redisServer: RedisServer
    beforeAll(async () => {
      redisServer = await startRedisServer()
    })
    afterAll(() => redisServer?.stop())

    it('shares one budget between API processes', async () => {
      const clients = await Promise.all([
        connectLimiterRedis(redisServer.url),
        connectLimiterRedis(redisServer.url),
      ])
      try {
        const [one, two] = clients.map((redis) => appWith(createApiLimits(LIMITS, { redis })))
        expect((await get(one!, '10.2.0.1')).status).toBe(200)
        expect((await get(two!, '10.2.0.1')).status).toBe(200)
        expect((await get(one!, '10.2.0.1')).status).toBe(200)
        expect((await get(two!, '10.2.0.1')).status).toBe(429)
        expect((await get(one!, '10.2.0.1')).status).toBe(429)
      } finally {
        for (const redis of clients) redis.disconnect()
      }
    })
  })
})
