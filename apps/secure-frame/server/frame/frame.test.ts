import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '@walletframe/db'
import { KEY_FRAME_WARM_UP_PATH, KEY_SERVER_PATHS as PATHS } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyServerApp } from '../app.ts'
import type { Mailer } from '../mail/mailer.ts'
import { HOST_ORIGIN, TEST_PROJECT, testConfig } from '../test-support/key-server.ts'
import { frameCsp } from './routes.ts'

// The frame routes touch neither the database nor the mail: these stand-ins fail loudly if they do.
const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not used by /frame')) })
const deps = { db: unused as Database, mailer: unused as Mailer }
const MODAL_ORIGIN = 'http://127.0.0.2:5174'

describe('GET /frame', () => {
  let distDir: string
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'wf-key-frame-'))
    await writeFile(
      join(distDir, 'index.html'),
      '<!doctype html><title>key frame</title><script src="/assets/app.js"></script>',
    )
    await writeFile(join(distDir, 'key-window.html'), '<!doctype html><title>key window</title>')
    await mkdir(join(distDir, 'assets'))
    await writeFile(join(distDir, 'assets', 'app.js'), 'console.log("key frame")')
  })
  afterAll(() => rm(distDir, { recursive: true, force: true }))

  it('serves the page with a CSP naming the modal and the project host origins as frame ancestors', async () => {
    const app = createKeyServerApp({ ...deps, config: testConfig({ distDir }) })
    const response = await app.request(`${PATHS.frame}?projectId=${TEST_PROJECT}&chainId=31337&version=1`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('key frame')
    const csp = response.headers.get('content-security-policy') ?? ''
    const directives = Object.fromEntries(csp.split('; ').map((part) => [part.split(' ')[0], part]))
    expect(directives['frame-ancestors']).toBe(`frame-ancestors ${MODAL_ORIGIN} ${HOST_ORIGIN}`)
    expect(directives['default-src']).toBe("default-src 'self'")
    expect(directives['script-src']).toBe("script-src 'self'")
    expect(directives['connect-src']).toBe("connect-src 'self' http: https:")
    const asset = await app.request('/assets/app.js')
    expect(asset.status).toBe(200)
    expect(await asset.text()).toContain('key frame')
    expect((await app.request('/index.html')).status).toBe(404)
  })

  it('refuses an unknown project and answers 404 without a built app', async () => {
    const app = createKeyServerApp({ ...deps, config: testConfig({ distDir }) })
    expect((await app.request(`${PATHS.frame}?projectId=unknown`)).status).toBe(403)
    const bare = createKeyServerApp({ ...deps, config: testConfig({ distDir: undefined }) })
    const missing = await bare.request(`${PATHS.frame}?projectId=${TEST_PROJECT}`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
  })

  it('serves the key window as a page no one may frame and that calls no server', async () => {
    const app = createKeyServerApp({ ...deps, config: testConfig({ distDir }) })
    const response = await app.request(PATHS.keyWindow)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('key window')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("connect-src 'none'")
    // The window must keep its opener: a COOP of same-origin would cut it off from the key frame.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
  })

  it('serves an empty warm-up page that the modal may frame before it knows the project', async () => {
    const app = createKeyServerApp({ ...deps, config: testConfig({ distDir }) })
    const response = await app.request(KEY_FRAME_WARM_UP_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; frame-ancestors ${MODAL_ORIGIN} ${HOST_ORIGIN}`,
    )
  })

  it('lists each ancestor once', () => {
    expect(frameCsp(['https://a.example', 'https://b.example'])).toContain(
      'frame-ancestors https://a.example https://b.example',
    )
  })
})
