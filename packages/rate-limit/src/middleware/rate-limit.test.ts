import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { MemoryBuckets } from '../buckets.ts'
import { clientIpReader, rateLimit } from './rate-limit.ts'

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })

function limitedApp(trustedHops = 0) {
  const clientIp = clientIpReader(trustedHops)
  const app = new Hono()
  app.use(
    rateLimit({
      limiter: new MemoryBuckets({ capacity: 2, refillPerMinute: 2 }),
      key: (c) => (c.req.path === '/free' ? undefined : clientIp(c)),
      refuse: () => {
        throw new HTTPException(429, { message: 'slow down' })
      },
    }),
  )
  app.get('/*', (c) => c.json({ ok: true }))
  app.onError((error, c) =>
    c.json({ code: 'RATE_LIMITED', message: error.message }, (error as HTTPException).status),
  )
  return app
}

describe('rateLimit middleware', () => {
  it('answers 429 in the service shape with Retry-After once an IP has spent its burst', async () => {
    const app = limitedApp()
    for (let i = 0; i < 2; i++) expect((await app.request('/', {}, from('10.0.0.1'))).status).toBe(200)
    const refused = await app.request('/', {}, from('10.0.0.1'))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'slow down' })
    expect((await app.request('/', {}, from('10.0.0.2'))).status).toBe(200)
    expect((await app.request('/free', {}, from('10.0.0.1'))).status).toBe(200)
  })

  const forwarded = (forwardedFor: string, peer: string) =>
    [{ headers: { 'x-forwarded-for': forwardedFor } }, from(peer)] as const

  it('ignores X-Forwarded-For by default: a caller cannot pick a fresh bucket per request', async () => {
    const app = limitedApp()
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await app.request('/', ...forwarded(`10.9.9.${i}`, '10.0.0.1'))).status)
    expect(statuses).toEqual([200, 200, 429])
  })

  it('behind one trusted proxy counts the address it appended, never what the client wrote before it', async () => {
    const app = limitedApp(1)
    // Two users behind one proxy (the peer): each has a bucket of their own.
    for (let i = 0; i < 2; i++)
      expect((await app.request('/', ...forwarded('203.0.113.7', '10.0.0.1'))).status).toBe(200)
    expect((await app.request('/', ...forwarded('203.0.113.7', '10.0.0.1'))).status).toBe(429)
    expect((await app.request('/', ...forwarded('203.0.113.8', '10.0.0.1'))).status).toBe(200)
    // The first user writing a spoofed entry of their own is still counted as themselves.
    expect((await app.request('/', ...forwarded('198.51.100.1, 203.0.113.7', '10.0.0.1'))).status).toBe(429)
  })
})
