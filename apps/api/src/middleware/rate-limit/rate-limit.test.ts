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
