import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RATE_LIMITS } from '@walletframe/protocol'
import { MemoryBuckets } from '@walletframe/rate-limit'
import { afterAll, describe, expect, it } from 'vitest'
import { createModalApp } from '../app.ts'
import { resolveModalRateLimits } from './rate-limit.ts'

const distDir = mkdtempSync(join(tmpdir(), 'wf-modal-limit-'))
writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })

describe('the modal server rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once an IP has spent its minute; /healthz stays open', async () => {
    const app = createModalApp({
      distDir,
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: ['http://127.0.0.1:5173'] }],
      limiter: new MemoryBuckets({ capacity: 2, refillPerMinute: 2 }),
    })
    const page = '/?projectId=walletframe-dev'
    for (let i = 0; i < 2; i++) expect((await app.request(page, {}, from('10.0.0.1'))).status).toBe(200)
    const refused = await app.request('/v1/projects/walletframe-dev', {}, from('10.0.0.1'))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(await refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests; wait a moment and try again',
    })
    expect((await app.request(page, {}, from('10.0.0.2'))).status).toBe(200)
    expect((await app.request('/healthz', {}, from('10.0.0.1'))).status).toBe(200)
  })

  it('counts the client a trusted proxy names, and ignores X-Forwarded-For with no proxy trusted', async () => {
    const appTrusting = (trustedProxyHops: number) =>
      createModalApp({
        distDir,
        projects: [],
        limiter: new MemoryBuckets({ capacity: 2, refillPerMinute: 2 }),
        trustedProxyHops,
      })
    const viaProxy = (app: ReturnType<typeof appTrusting>, client: string) =>
      app.request('/healthz-not', { headers: { 'X-Forwarded-For': client } }, from('10.0.0.1'))
    const direct = appTrusting(0)
    const spoofed = []
    for (let i = 0; i < 3; i++) spoofed.push((await viaProxy(direct, `198.51.100.${i}`)).status)
    expect(spoofed).toEqual([404, 404, 429])
    const behindProxy = appTrusting(1)
    for (let i = 0; i < 2; i++) expect((await viaProxy(behindProxy, '203.0.113.1')).status).toBe(404)
    expect((await viaProxy(behindProxy, '203.0.113.1')).status).toBe(429)
    expect((await viaProxy(behindProxy, '203.0.113.2')).status).toBe(404)
  })

  it('reads its rate from WF_MODAL_RATE_LIMIT_PER_IP, and refuses a bad value', () => {
    expect(resolveModalRateLimits({}).perIp.capacity).toBe(RATE_LIMITS.modalPerIp.perMinute)
    expect(resolveModalRateLimits({}).trustedProxyHops).toBe(0)
    expect(resolveModalRateLimits({ WF_TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2)
    expect(resolveModalRateLimits({ WF_MODAL_RATE_LIMIT_PER_IP: '30' }).perIp).toEqual({
      capacity: 30,
      refillPerMinute: 30,
    })
    expect(() => resolveModalRateLimits({ WF_MODAL_RATE_LIMIT_PER_IP: 'lots' })).toThrow(
      /WF_MODAL_RATE_LIMIT_PER_IP/,
    )
  })
})
