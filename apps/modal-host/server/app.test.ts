import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { ALERTS, API_ERRORS, type ProjectBootstrap } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createModalApp } from './app.ts'
import { loadProjects } from './projects.ts'

const DAPP = 'http://127.0.0.1:5173'
const OTHER = 'https://shop.example'
const PAGE =
  '<!doctype html><html><head><title>WalletFrame</title></head><body><div id="root"></div></body></html>'

let distDir: string
let app: ReturnType<typeof createModalApp>

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'wf-modal-dist-'))
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), PAGE)
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  // As build/precompress.ts leaves them.
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'))
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'))
  writeFileSync(join(distDir, 'assets', 'index-abc123.css'), 'body{}')
  writeFileSync(join(distDir, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  // A file just outside assets/, which traversal attempts aim at.
  writeFileSync(join(distDir, 'secret.txt'), 'secret')
  mkdirSync(join(distDir, 'sdk'))
  writeFileSync(join(distDir, 'sdk', 'walletframe.iife.js'), 'globalThis.WalletFrame={}')
  writeFileSync(join(distDir, 'sdk', 'other.js'), 'not served')
  app = createModalApp({
    distDir,
    sdkDir: join(distDir, 'sdk'),
    projects: [
      { projectId: 'walletframe-dev', allowedOrigins: [DAPP, OTHER] },
      { projectId: 'tricky', allowedOrigins: ['https://a.example'] },
    ],
  })
})

afterAll(() => rmSync(distDir, { recursive: true, force: true }))

function bootstrapOf(html: string): ProjectBootstrap {
  const match = html.match(/<script id="wf-project" type="application\/json">(.*?)<\/script>/)
  if (!match?.[1]) throw new Error('no wf-project script in the page')
  return JSON.parse(match[1]) as ProjectBootstrap
}

/** The CSP as directive → sources; a directive that appears twice fails the test. */
function policyOf(response: Response): Map<string, string[]> {
  const policy = new Map<string, string[]>()
  for (const directive of (response.headers.get('Content-Security-Policy') ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/)
    if (!name) continue
    expect(policy.has(name), `${name} appears once`).toBe(false)
    policy.set(name, sources)
  }
  return policy
}

/** Whether a source list lets the page connect to `url` by a scheme or host source ('self' aside). */
function allows(sources: string[], url: string): boolean {
  const { protocol, host } = new URL(url)
  return sources.some(
    (source) => source === '*' || source === protocol || source.replace(/^\w+:\/\//, '') === host,
  )
}

describe('modal page', () => {
  it('a known project may be framed only by its allowed origins', async () => {
    const response = await app.request('/?projectId=walletframe-dev')
    expect(response.status).toBe(200)
    expect(policyOf(response).get('frame-ancestors')).toEqual([DAPP, OTHER])
  })

  it('injects the public config of a known project before </head>', async () => {
    const response = await app.request('/?projectId=walletframe-dev')
    const html = await response.text()
    expect(bootstrapOf(html)).toEqual({
      status: 'ok',
      projectId: 'walletframe-dev',
      allowedOrigins: [DAPP, OTHER],
    })
    expect(html.indexOf('id="wf-project"')).toBeLessThan(html.indexOf('</head>'))
    expect(html).toContain('<div id="root"></div>')
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
  })

  it('status "missing" without a projectId (Project ID Not Configured), framable anywhere', async () => {
    for (const path of ['/', '/?projectId=', '/index.html']) {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(bootstrapOf(await response.text())).toEqual({ status: 'missing' })
      expect(policyOf(response).get('frame-ancestors')).toEqual(['*'])
    }
  })

  it('status "unknown" for an unregistered projectId (Invalid Project ID), not echoed into the page', async () => {
    const response = await app.request(
      `/?projectId=${encodeURIComponent('</script><script>alert(1)</script>')}`,
    )
    const html = await response.text()
    expect(bootstrapOf(html)).toEqual({ status: 'unknown' })
    expect(html).not.toContain('alert(1)')
    expect(policyOf(response).get('frame-ancestors')).toEqual(['*'])
  })

  it('escapes "<" in the injected JSON', async () => {
    const tricky = createModalApp({
      distDir,
      indexHtml: PAGE,
      projects: [{ projectId: '</script><b>x', allowedOrigins: [DAPP] }],
    })
    const html = await (await tricky.request(`/?projectId=${encodeURIComponent('</script><b>x')}`)).text()
    expect(html).toContain('\\u003c/script>\\u003cb>x')
    expect(bootstrapOf(html)).toMatchObject({ status: 'ok', projectId: '</script><b>x' })
  })

  it('names the WalletConnect relay in the bootstrap of a known project when one is configured', async () => {
    const withRelay = createModalApp({
      distDir,
      indexHtml: PAGE,
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP] }],
      relayUrl: 'ws://127.0.0.1:5175',
    })
    const known = await (await withRelay.request('/?projectId=walletframe-dev')).text()
    expect(bootstrapOf(known)).toEqual({
      status: 'ok',
      projectId: 'walletframe-dev',
      allowedOrigins: [DAPP],
      relayUrl: 'ws://127.0.0.1:5175',
    })
    // Only a project the modal serves learns it; without a relay the field is absent.
    expect(bootstrapOf(await (await withRelay.request('/?projectId=nope')).text())).toEqual({
      status: 'unknown',
    })
    expect(bootstrapOf(await (await app.request('/?projectId=walletframe-dev')).text())).not.toHaveProperty(
      'relayUrl',
    )
  })

  it('puts the data API URL in the bootstrap of known projects only', async () => {
    const withApi = createModalApp({
      distDir,
      indexHtml: PAGE,
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP] }],
      apiUrl: 'http://127.0.0.1:5177',
    })
    const known = await (await withApi.request('/?projectId=walletframe-dev')).text()
    expect(bootstrapOf(known)).toEqual({
      status: 'ok',
      projectId: 'walletframe-dev',
      allowedOrigins: [DAPP],
      apiUrl: 'http://127.0.0.1:5177',
    })
    expect(bootstrapOf(await (await withApi.request('/?projectId=nope')).text())).toEqual({
      status: 'unknown',
    })
    expect(bootstrapOf(await (await app.request('/?projectId=walletframe-dev')).text())).not.toHaveProperty(
      'apiUrl',
    )
  })

  it("names the deployment's bundlers in the bootstrap of known projects, and refuses bad ones at creation", async () => {
    const bundlerUrls = { '31337': 'http://127.0.0.1:4337' }
    const withBundler = createModalApp({
      distDir,
      indexHtml: PAGE,
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP] }],
      bundlerUrls,
    })
    const known = await (await withBundler.request('/?projectId=walletframe-dev')).text()
    expect(bootstrapOf(known)).toMatchObject({ status: 'ok', bundlerUrls })
    expect(bootstrapOf(await (await app.request('/?projectId=walletframe-dev')).text())).not.toHaveProperty(
      'bundlerUrls',
    )
    const bads: Record<string, string>[] = [
      { '31337': 'ws://127.0.0.1:4337' },
      { mainnet: 'https://bundler.example' },
    ]
    for (const bad of bads)
      expect(() => createModalApp({ distDir, indexHtml: PAGE, projects: [], bundlerUrls: bad })).toThrow(
        /bundlerUrls/,
      )
  })

  it('refuses a data API URL that is not http(s) at creation', () => {
    for (const apiUrl of ['ws://127.0.0.1:5177', 'not a url', 'javascript:alert(1)'])
      expect(() => createModalApp({ distDir, indexHtml: PAGE, projects: [], apiUrl })).toThrow(/http:\/\//)
  })

  it('refuses a relay URL that is not ws(s) at creation', () => {
    for (const relayUrl of ['http://127.0.0.1:5175', 'not a url', 'javascript:alert(1)'])
      expect(() => createModalApp({ distDir, indexHtml: PAGE, projects: [], relayUrl })).toThrow(/ws:\/\//)
  })

  it('sends a CSP that runs only its own scripts and reaches the relay, the API and the chains', async () => {
    const relayUrl = 'wss://relay.example:8443'
    const apiUrl = 'https://api.example'
    const served = createModalApp({
      distDir,
      indexHtml: PAGE,
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP, OTHER] }],
      relayUrl,
      apiUrl,
    })
    const response = await served.request('/?projectId=walletframe-dev')
    const csp = policyOf(response)
    // Anything not named falls back to the page's own origin, or nothing.
    expect(csp.get('default-src')).toSatisfy((sources: string[]) =>
      sources.every((source) => ["'self'", "'none'"].includes(source)),
    )
    // Only the modal's own script files run: no inline or eval'd code, no other host or scheme.
    expect(csp.get('script-src')).toEqual(["'self'"])
    for (const directive of ['object-src', 'base-uri', 'form-action'])
      expect(csp.get(directive)).toEqual(["'none'"])
    // Framed by exactly the project's allowed origins.
    expect(new Set(csp.get('frame-ancestors'))).toEqual(new Set([DAPP, OTHER]))
    // The modal itself reaches the relay, the data API and any chain's RPC node.
    for (const url of [relayUrl, apiUrl, 'https://rpc.example/v1', 'http://127.0.0.1:18545'])
      expect(allows(csp.get('connect-src') ?? [], url), url).toBe(true)
    // Images only from us (issue 10): no tracker learns the user's IP from an NFT's artwork.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', new URL(apiUrl).origin])
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  const keyFrameOrigin = 'http://localhost:5177'
  const withKeyFrame = () =>
    createModalApp({
      distDir,
      indexHtml: PAGE,
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP] }],
      keyFrameOrigin,
    })

  it('frames only the key frame, and tells the modal its origin', async () => {
    const served = withKeyFrame()
    const response = await served.request('/?projectId=walletframe-dev')
    expect(policyOf(response).get('frame-src')).toEqual([keyFrameOrigin])
    expect(await response.text()).toContain(`"keyFrameOrigin":"${keyFrameOrigin}"`)
    const without = createModalApp({ distDir, indexHtml: PAGE, projects: [] })
    expect(policyOf(await without.request('/')).get('frame-src')).toEqual(["'none'"])
    for (const bad of ['http://localhost:5177/frame', 'ws://localhost:1', 'nope'])
      expect(() => createModalApp({ distDir, indexHtml: PAGE, projects: [], keyFrameOrigin: bad })).toThrow(
        /origin/,
      )
  })

  it("writes the key frame's warm-up iframe into a known project's page, hidden and inert", async () => {
    const served = withKeyFrame()
    const html = await (await served.request('/?projectId=walletframe-dev')).text()
    const warmUp = html.match(/<iframe id="wf-key-frame"[^>]*><\/iframe><\/body>/)?.[0]
    expect(warmUp).toContain(`src="${keyFrameOrigin}/frame/warm-up"`)
    expect(warmUp).toMatch(/ hidden inert>/)
    expect(warmUp).toContain('allow="publickey-credentials-get; publickey-credentials-create"')
    // An unknown project's page (an alert only) and a deployment without a key frame frame nothing.
    expect(await (await served.request('/?projectId=nope')).text()).not.toContain('<iframe')
    expect(await (await app.request('/?projectId=walletframe-dev')).text()).not.toContain('<iframe')
  })

  it('reads index.html once, at creation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wf-modal-once-'))
    writeFileSync(join(dir, 'index.html'), PAGE)
    const once = createModalApp({ distDir: dir, projects: [] })
    rmSync(dir, { recursive: true })
    expect((await once.request('/')).status).toBe(200)
    expect(() => createModalApp({ distDir: dir, projects: [] })).toThrow(/index\.html not found/)
  })
})

describe('assets', () => {
  it.each([
    ['index-abc123.js', 'text/javascript; charset=utf-8'],
    ['index-abc123.css', 'text/css; charset=utf-8'],
    ['logo-abc123.svg', 'image/svg+xml'],
  ])('serves %s as %s, cached forever (hashed names)', async (name, type) => {
    const response = await app.request(`/assets/${name}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe(type)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip, deflate, br;q=0', 'gzip', gunzipSync],
    ['identity', null, (body: Buffer) => body],
    ['', null, (body: Buffer) => body],
  ] as const)(
    'Accept-Encoding "%s": the build’s %s copy, the same script',
    async (accept, encoding, decode) => {
      const response = await app.request('/assets/index-abc123.js', {
        headers: { 'accept-encoding': accept },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Encoding')).toBe(encoding)
      expect(response.headers.get('Vary')).toBe('Accept-Encoding')
      expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
      expect(decode(Buffer.from(await response.arrayBuffer())).toString()).toBe('console.log(1)')
    },
  )

  it('sends a file the build did not compress as it is', async () => {
    const response = await app.request('/assets/logo-abc123.svg', {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(await response.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
  })

  it.each([
    '/assets/../server/app.ts',
    '/assets/../secret.txt',
    '/assets/%2e%2e/secret.txt',
    '/assets/..%2fsecret.txt',
    '/assets/%2e%2e%2fsecret.txt',
    '/assets/%252e%252e%252fsecret.txt',
    '/assets/..%5csecret.txt',
    '/assets/%2F..%2F..%2Fsecret.txt',
    '/assets/',
    '/assets/missing.js',
    '/assets/%E0%A4%A',
    '/assets/index-abc123.js%00.png',
  ])('%s is a 404, never a file outside dist/assets', async (path) => {
    const response = await app.request(path)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      code: API_ERRORS.notFound.code,
      message: API_ERRORS.notFound.message,
    })
  })
})

describe('SDK drop-in', () => {
  it('serves the IIFE bundle to any page, briefly cached', async () => {
    const response = await app.request('/sdk/walletframe.iife.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('text/javascript')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(await response.text()).toBe('globalThis.WalletFrame={}')
  })
  it('compresses the bundle for a browser that accepts brotli or gzip', async () => {
    const br = await app.request('/sdk/walletframe.iife.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(
      'globalThis.WalletFrame={}',
    )
    const gzip = await app.request('/sdk/walletframe.iife.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe('globalThis.WalletFrame={}')
  })

  it('serves nothing else from the SDK folder', async () => {
    expect((await app.request('/sdk/other.js')).status).toBe(404)
    expect((await app.request('/sdk/..%2fsecret.txt')).status).toBe(404)
  })
})

describe('JSON API', () => {
  it('GET /v1/projects/:projectId returns the public config', async () => {
    const response = await app.request('/v1/projects/walletframe-dev')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ projectId: 'walletframe-dev', allowedOrigins: [DAPP, OTHER] })
  })

  it('GET /v1/projects/:projectId is a 404 {code, message} for an unknown project', async () => {
    const response = await app.request('/v1/projects/nope')
    expect(response.status).toBe(404)
    const body = (await response.json()) as { code: string; message: string }
    expect(body.code).toBe(API_ERRORS.projectIdInvalid.code)
    expect(body.message).toContain(ALERTS.invalidProjectId.title)
  })

  it('GET /healthz', async () => {
    expect(await (await app.request('/healthz')).json()).toEqual({ ok: true })
  })

  it('unknown routes and methods are 404 JSON', async () => {
    for (const [path, method] of [
      ['/nope', 'GET'],
      ['/v1/projects', 'GET'],
      ['/', 'POST'],
    ] as const) {
      const response = await app.request(path, { method })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({
        code: API_ERRORS.notFound.code,
        message: API_ERRORS.notFound.message,
      })
    }
  })

  it('errors are JSON {code, message} without a stack', async () => {
    const failing = createModalApp({ distDir, indexHtml: PAGE, projects: [] })
    failing.get('/boom', () => {
      throw new Error('secret detail at /home/x/file.ts:1')
    })
    const original = console.error
    console.error = () => {}
    try {
      const response = await failing.request('/boom')
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        code: API_ERRORS.internal.code,
        message: API_ERRORS.internal.message,
      })
    } finally {
      console.error = original
    }
  })
})

describe('loadProjects', () => {
  it('the dev project allows the dev origins, normalised', () => {
    const projects = loadProjects({
      devProjectId: 'walletframe-dev',
      devOrigins: ['http://127.0.0.1:5173/', 'HTTPS://Shop.Example:443', 'http://127.0.0.1:5173'],
    })
    expect(projects).toEqual([
      { projectId: 'walletframe-dev', allowedOrigins: ['http://127.0.0.1:5173', 'https://shop.example'] },
    ])
  })

  describe('with a projects file', () => {
    let dir: string
    const write = (name: string, content: unknown) => {
      const file = join(dir, name)
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
      return file
    }
    const load = (projectsFile: string) =>
      loadProjects({ devProjectId: 'walletframe-dev', devOrigins: [DAPP], projectsFile })

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'wf-projects-'))
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('adds the projects of the file', () => {
      const file = write('ok.json', [{ projectId: 'shop', allowedOrigins: ['https://shop.example/path'] }])
      expect(load(file)).toEqual([
        { projectId: 'walletframe-dev', allowedOrigins: [DAPP] },
        { projectId: 'shop', allowedOrigins: ['https://shop.example'] },
      ])
    })

    it('rejects an invalid origin with a clear error', () => {
      const file = write('bad-origin.json', [{ projectId: 'shop', allowedOrigins: ['not an origin'] }])
      expect(() => load(file)).toThrow(/\[0\].*"not an origin" is not an http\(s\) origin/)
    })

    it('rejects the "null" origin', () => {
      const file = write('null.json', [{ projectId: 'shop', allowedOrigins: ['null'] }])
      expect(() => load(file)).toThrow(/"null" is not an http\(s\) origin/)
      expect(() => loadProjects({ devProjectId: 'dev', devOrigins: ['null'] })).toThrow(/"null"/)
    })

    it('rejects non-http origins, which would widen the CSP', () => {
      const file = write('scheme.json', [{ projectId: 'shop', allowedOrigins: ['data:text/html,x'] }])
      expect(() => load(file)).toThrow(/is not an http\(s\) origin/)
    })

    it.each([
      ['not JSON', '{', /cannot read it as JSON/],
      ['not an array', { projectId: 'x' }, /expected an array/],
      ['no projectId', [{ allowedOrigins: [DAPP] }], /projectId must be a string/],
      ['empty origins', [{ projectId: 'x', allowedOrigins: [] }], /allowedOrigins must be a non-empty array/],
      [
        'duplicate id',
        [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP] }],
        /duplicate projectId "walletframe-dev"/,
      ],
    ])('rejects a bad file (%s) at start-up', (_name, content, error) => {
      expect(() => load(write('bad.json', content))).toThrow(error)
    })

    it('rejects a missing file', () => {
      expect(() => load(join(dir, 'absent.json'))).toThrow(/WF_PROJECTS_FILE .*absent\.json/)
    })
  })
})
