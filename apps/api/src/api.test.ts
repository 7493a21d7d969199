/**
 * What every route of the data API shares, over HTTP against a real anvil devnet, once per storage
 * backend: the project check, CORS, the supported chains, prices and error answers. Each feature
 * folder (balance/, history/, identity/, registry/) tests its own routes.
 */
import { ApiErrorBodySchema, NATIVE_TOKEN_ADDRESS } from '@walletframe/protocol'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApiApp } from './app.ts'
import type { ApiEnv } from './context.ts'
import {
  TEST_CLIENT as CLIENT,
  freshAddress,
  TEST_PROJECT as PROJECT,
  clientQuery as query,
  TEST_BACKENDS,
  useTestApi,
} from './test-support/api.ts'

describe.each(TEST_BACKENDS)('data API on $name', (backend) => {
  const suite = useTestApi(backend)
  const { request, json, expectClientError } = suite
  const modalOrigin = () => suite.devnet.stack.modal.origin

  describe('project checks', () => {
    it('answers a missing projectId with "Project ID Not Configured"', async () => {
      const { st, sv } = CLIENT
      const error = await expectClientError(
        `/v1/supported-chains?${query({}, { st, sv })}`,
        undefined,
        'PROJECT_ID_NOT_CONFIGURED',
      )
      expect(error.message).toContain('Project ID Not Configured')
      await expectClientError(
        `/v1/supported-chains?projectId=&st=a&sv=b`,
        undefined,
        'PROJECT_ID_NOT_CONFIGURED',
      )
    })

    it('answers an unknown projectId with "Invalid Project ID" (403)', async () => {
      const response = await request(`/v1/supported-chains?${query({ projectId: 'someone-else' })}`)
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 'INVALID_PROJECT_ID' })
    })

    it('requires the sdk type and version', async () => {
      const { projectId, st, sv } = CLIENT
      const noType = await expectClientError(`/v1/supported-chains?${query({}, { projectId, sv })}`)
      expect(noType).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('st') })
      const noVersion = await expectClientError(`/v1/supported-chains?${query({}, { projectId, st })}`)
      expect(noVersion.message).toContain('sv')
      await expectClientError(
        `/v1/supported-chains?${query({ sv: 'x'.repeat(65) })}`,
        undefined,
        'INVALID_INPUT',
      )
      await expectClientError(
        `/v1/supported-chains?${query()}&projectId=${PROJECT}`,
        undefined,
        'INVALID_INPUT',
      )
    })
  })

  it('puts mounted sub-apps behind the same checks', async () => {
    const mounted = new Hono<ApiEnv>().get('/mounted-example', (c) =>
      c.json({ project: c.get('project').projectId }),
    )
    const app = createApiApp(suite.api.context, { routes: [mounted] })
    const missing = await app.request('/mounted-example?st=a&sv=b', {
      headers: { Origin: modalOrigin() },
    })
    expect(missing.status).toBe(400)
    expect(missing.headers.get('access-control-allow-origin')).toBe(modalOrigin())
    expect(await missing.json()).toMatchObject({ code: 'PROJECT_ID_NOT_CONFIGURED' })
    const ok = await app.request(`/mounted-example?${query()}`)
    expect(await ok.json()).toEqual({ project: PROJECT })
  })

  describe('CORS', () => {
    it('gives the modal origin the CORS header, and other origins none', async () => {
      const allowed = await request(`/v1/supported-chains?${query()}`, { headers: { Origin: modalOrigin() } })
      expect(allowed.headers.get('access-control-allow-origin')).toBe(modalOrigin())
      const other = await request(`/v1/supported-chains?${query()}`, {
        headers: { Origin: 'http://127.0.0.1:5173' },
      })
      expect(other.status).toBe(200)
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
      const opaque = await request(`/v1/supported-chains?${query()}`, { headers: { Origin: 'null' } })
      expect(opaque.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('answers preflights for the modal origin only', async () => {
      const preflight = (origin: string) =>
        request(`/v1/fungible/price?${query()}`, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type',
          },
        })
      const allowed = await preflight(modalOrigin())
      expect(allowed.status).toBe(204)
      expect(allowed.headers.get('access-control-allow-origin')).toBe(modalOrigin())
      expect(allowed.headers.get('access-control-allow-methods')).toContain('POST')
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
      const other = await preflight('https://evil.example')
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('lets the modal read error answers, so it can show the project alerts', async () => {
      const response = await request(`/v1/supported-chains?st=a&sv=b`, { headers: { Origin: modalOrigin() } })
      expect(response.status).toBe(400)
      expect(response.headers.get('access-control-allow-origin')).toBe(modalOrigin())
    })
  })

  it('lists the supported chains', async () => {
    const { status, body } = await json(`/v1/supported-chains?${query()}`)
    expect(status).toBe(200)
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
  })

  describe('prices', () => {
    const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      request(`/v1/fungible/price?${query()}`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })

    it('prices the native currency and fixture tokens, leaving unknown tokens out', async () => {
      const fixtures = suite.devnet.fixtures[suite.devnet.stack.devnet.chains[0]!.chainId]!
      const dusd = fixtures.tokens.find((token) => token.symbol === 'dUSD')!
      const response = await post({
        projectId: PROJECT,
        currency: 'usd',
        addresses: [
          `eip155:31337:${NATIVE_TOKEN_ADDRESS}`,
          `eip155:31337:${dusd.address}`,
          `eip155:31337:${freshAddress()}`,
          `eip155:1:${NATIVE_TOKEN_ADDRESS}`,
        ],
      })
      expect(response.status).toBe(200)
      const { fungibles } = (await response.json()) as { fungibles: Array<{ symbol: string; price: number }> }
      expect(fungibles.map(({ symbol, price }) => [symbol, price])).toEqual([
        ['ETH', 3000],
        ['dUSD', 1],
      ])
    })

    it('refuses malformed bodies with a clear 4xx', async () => {
      const ok = { currency: 'usd', addresses: [`eip155:31337:${NATIVE_TOKEN_ADDRESS}`] }
      await expectClientError(
        `/v1/fungible/price?${query()}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(ok),
        },
        'UNSUPPORTED_MEDIA_TYPE',
      )
      const cases: unknown[] = [
        '{"currency": "usd", "addresses": [',
        '',
        'null',
        '[]',
        { ...ok, currency: 'xyz' },
        { ...ok, currency: 5 },
        { ...ok, addresses: 'eip155:31337:0x0' },
        { ...ok, addresses: [] },
        { ...ok, addresses: [42] },
        { ...ok, addresses: ['eip155:31337:not-an-address'] },
        { ...ok, addresses: [`eip155:999999999999999999999:${NATIVE_TOKEN_ADDRESS}`] },
        { ...ok, addresses: Array.from({ length: 101 }, () => `eip155:31337:${NATIVE_TOKEN_ADDRESS}`) },
        { ...ok, projectId: 'another-project' },
      ]
      for (const body of cases) {
        const response = await post(body)
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        ApiErrorBodySchema.parse(await response.json())
      }
      const huge = await post({ ...ok, padding: 'x'.repeat(100_000) })
      expect(huge.status).toBe(413)
      expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    })
  })

  it.each([
    // [what, path, expected code]
    ['supported-chains: sv of the wrong type', `/v1/supported-chains?${query()}&sv=2`],
    ['unknown path', `/v1/nothing-here?${query()}`, 'NOT_FOUND'],
  ])('malformed: %s → 4xx { code, message }', async (_what, path, code?: string) => {
    const error = await expectClientError(path, undefined, code)
    expect(error.message).not.toMatch(/select|insert|stack|at \//i)
  })

  it('serves over a real socket', async () => {
    const response = await fetch(`${suite.api.url}/v1/supported-chains?${query()}`, {
      headers: { Origin: modalOrigin() },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('access-control-allow-origin')).toBe(modalOrigin())
    expect(await response.json()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    const health = await fetch(`${suite.api.url}/healthz`)
    expect(await health.json()).toMatchObject({ ok: true })
  })
})
