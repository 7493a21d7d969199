import { KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { connectLimiterRedis } from '@walletframe/rate-limit'
import { hasRedisServer, REDIS_SERVER, startRedisServer } from '@walletframe/testing'
import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createKeyServerApp } from '../app.ts'
import type { KeyServerEnv } from '../context.ts'
import { createMailer } from '../mail/mailer.ts'
import { freshEmail, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'

describe.each(TEST_BACKENDS.slice(0, 1))('rate limits on $name', (backend) => {
  const server = useKeyServer(backend, {
    rateLimits: {
      perIp: { capacity: 4, refillPerMinute: 1 },
      perEmail: { capacity: 2, refillPerMinute: 0.1 },
    },
  })

  it('answers 429 with Retry-After once an IP has used its burst', async () => {
    const browser = server.browser()
    for (let i = 0; i < 4; i++)
      expect((await browser.post(PATHS.otpVerify, { otp: '000000' })).status).not.toBe(429)
    const limited = await browser.post(PATHS.otpVerify, { otp: '000000' })
    server.expectError(limited, 429, 'RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another IP is not affected, and the session read is not limited.
    expect((await server.browser().post(PATHS.otpVerify, { otp: '000000' })).status).not.toBe(429)
    expect((await browser.request(PATHS.session)).status).toBe(200)
  })

  it('limits logins per email across IPs', async () => {
    const email = freshEmail()
    for (let i = 0; i < 2; i++) {
      const response = await server.browser().post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
      expect(response.status).toBe(200)
      server.advance(TIME.emailLoginCooldownMs)
    }
    server.expectError(
      await server.browser().post(PATHS.emailLogin, { email, projectId: TEST_PROJECT }),
      429,
      'RATE_LIMITED',
    )
  })

  it('counts the client a trusted proxy names, and ignores X-Forwarded-For with no proxy trusted', async () => {
    const mailer = createMailer({
      from: server.config.mailFrom,
      catcher: { host: '127.0.0.1', port: Number(new URL(server.catcher.smtpUrl).port) },
    })
    const appTrusting = (trustedProxyHops: number) =>
      createKeyServerApp({
        config: { ...server.config, rateLimits: { ...server.config.rateLimits, trustedProxyHops } },
        db: server.db,
        mailer,
        log: () => {},
      })
    const verify = (app: Hono<KeyServerEnv>, client: string) =>
      app.request(
        PATHS.otpVerify,
        {
          method: 'POST',
          headers: {
            origin: server.config.origin,
            'content-type': 'application/json',
            'x-forwarded-for': client,
          },
          body: JSON.stringify({ otp: '000000' }),
        },
        { incoming: { socket: { remoteAddress: '10.251.0.1' } } },
      )
    try {
      // No proxy trusted: a new spoofed address per request still spends the peer's burst of 4.
      const direct = appTrusting(0)
      const spoofed = []
      for (let i = 0; i < 5; i++) spoofed.push((await verify(direct, `198.51.100.${i}`)).status)
      expect(spoofed.slice(0, 4)).not.toContain(429)
      expect(spoofed[4]).toBe(429)
      // One proxy trusted: each client behind it has a burst of its own.
      const behindProxy = appTrusting(1)
      for (let i = 0; i < 4; i++) expect((await verify(behindProxy, '203.0.113.1')).status).not.toBe(429)
      expect((await verify(behindProxy, '203.0.113.1')).status).toBe(429)
      expect((await verify(behindProxy, '203.0.113.2')).status).not.toBe(429)
    } finally {
      mailer.close()
    }
  })

  it.skipIf(!hasRedisServer)(
    `shares the per-IP budget between processes on Redis (needs ${REDIS_SERVER})`,
    async () => {
      const redisServer = await startRedisServer()
      const clients = [await connectLimiterRedis(redisServer.url), await connectLimiterRedis(redisServer.url)]
      const mailer = createMailer({
        from: server.config.mailFrom,
        catcher: { host: '127.0.0.1', port: Number(new URL(server.catcher.smtpUrl).port) },
      })
      try {
        // Two key-server processes: each alone would allow the burst of 4.
        const [one, two] = clients.map((redis) =>
          createKeyServerApp({ config: server.config, db: server.db, mailer, redis, log: () => {} }),
        ) as [Hono<KeyServerEnv>, Hono<KeyServerEnv>]
        const verify = (app: Hono<KeyServerEnv>) =>
          app.request(
            PATHS.otpVerify,
            {
              method: 'POST',
              headers: { origin: server.config.origin, 'content-type': 'application/json' },
              body: JSON.stringify({ otp: '000000' }),
            },
            { incoming: { socket: { remoteAddress: '10.250.0.1' } } },
          )
        const statuses = []
        for (const app of [one, two, one, two, one, two]) statuses.push((await verify(app)).status)
        expect(statuses.slice(0, 4)).not.toContain(429)
        expect(statuses.slice(4)).toEqual([429, 429])
      } finally {
        mailer.close()
        for (const redis of clients) redis.disconnect()
        await redisServer.stop()
      }
    },
  )
})
