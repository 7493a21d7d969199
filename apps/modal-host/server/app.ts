/**
 * The modal server: the built modal page with its project's public config, the hashed assets
 * (assets.ts), and a tiny JSON API. It holds no state and no secrets, so it can sit behind a CDN.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  API_ERRORS,
  type ApiErrorBody,
  ApiUrlSchema,
  type BundlerUrls,
  BundlerUrlsSchema,
  KEY_FRAME_PERMISSIONS,
  KEY_FRAME_TITLE,
  KEY_FRAME_WARM_UP_ELEMENT_ID,
  KEY_FRAME_WARM_UP_PATH,
  KeyFrameOriginSchema,
  ORIGIN_CHECK_PATH,
  PROJECT_BOOTSTRAP_ELEMENT_ID,
  type ProjectBootstrap,
  RelayUrlSchema,
  SDK_PATH,
  serializeProjectBootstrap,
} from '@walletframe/protocol'
import type { RateLimiter } from '@walletframe/rate-limit'
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { serveAssets, serveSdkFiles } from './assets.ts'
import { originCheck } from './origin-check.ts'
import type { ProjectConfig } from './projects.ts'
import { limitModalPerIp } from './rate-limit/rate-limit.ts'

export interface ModalAppOptions {
  distDir: string
  projects: readonly ProjectConfig[]
  /** The page template; read from `<distDir>/index.html` when omitted. */
  indexHtml?: string
  /** The SDK's build (packages/sdk/dist), served as the drop-in script under /sdk/. */
  sdkDir?: string
  /**
   * The deployment's WalletConnect relay (apps/relay), a ws(s) URL. Given to the modal in the
   * project bootstrap; without it the modal does not offer WalletConnect.
   */
  relayUrl?: string
  /**
   * The deployment's data API and wallet registry (apps/api), an http(s) URL. Given to the modal in
   * the project bootstrap; without it the modal shows no Account tabs and no registry wallets.
   */
  apiUrl?: string
  /**
   * The deployment's key frame (apps/secure-frame), an http(s) origin. Given to the modal in the
   * project bootstrap and allowed as the only frame source; without it no email login is offered.
   */
  keyFrameOrigin?: string
  /**
   * The deployment's ERC-4337 bundlers by chain id (`parseBundlerUrls(WF_BUNDLER_URLS)`), given to
   * the modal in the project bootstrap; the embedded wallet's smart account exists on these chains only.
   */
  bundlerUrls?: BundlerUrls
  /** Requests per client IP (rate-limit/); unlimited without it. */
  limiter?: RateLimiter
  /** Reverse proxies in front (WF_TRUSTED_PROXY_HOPS, default 0): whose address the limit counts. */
  trustedProxyHops?: number
}

/** The SDK bundles integrators may load from the modal host (a script tag or an ESM import). */
const SDK_FILES = new Set(['walletframe.iife.js', 'walletframe.esm.js', 'walletframe-button.iife.js'])

// Everything but frame-ancestors, img-src and frame-src, which depend on the deployment. The modal
// talks to RPC nodes, the data API and the relay (ws), which may be on any host, hence the wide
// connect-src.
const BASE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' http: https: ws: wss:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ')

export function createModalApp({
  distDir,
  projects,
  indexHtml,
  sdkDir,
  relayUrl,
  apiUrl,
  keyFrameOrigin,
  bundlerUrls,
  limiter,
  trustedProxyHops = 0,
}: ModalAppOptions): Hono {
  const registry = new Map(projects.map((project) => [project.projectId, project]))
  if (relayUrl !== undefined) checkUrl('relayUrl', RelayUrlSchema, relayUrl)
  if (apiUrl !== undefined) checkUrl('apiUrl', ApiUrlSchema, apiUrl)
  if (keyFrameOrigin !== undefined) checkUrl('keyFrameOrigin', KeyFrameOriginSchema, keyFrameOrigin)
  if (bundlerUrls !== undefined) checkUrl('bundlerUrls', BundlerUrlsSchema, bundlerUrls)
  // The modal frames nothing but the key frame (default-src covers frame-src otherwise).
  const frameSrc = `frame-src ${keyFrameOrigin ?? "'none'"}`
  // Images only from us: the modal's own, inline ones and the data API's (registry images, token
  // icons). A remote image (an NFT's artwork, an avatar, any URL a token's metadata names) would
  // tell its host the user's IP address and when they look at their account (issue 10).
  const imgSrc = `img-src 'self' data:${apiUrl ? ` ${new URL(apiUrl).origin}` : ''}`
  const page = splitTemplate(indexHtml ?? readIndexHtml(distDir))

  const app = new Hono()
  app.use(securityHeaders)
  if (limiter) app.use(limitModalPerIp(limiter, trustedProxyHops))
  app.get('/healthz', (c) => c.json({ ok: true }))
  app.get('/v1/projects/:projectId', (c) => {
    const project = registry.get(c.req.param('projectId'))
    if (!project) return jsonError(c, API_ERRORS.projectIdInvalid, 404)
    return c.json({ projectId: project.projectId, allowedOrigins: project.allowedOrigins })
  })
  app.get(ORIGIN_CHECK_PATH, originCheck(registry))
  app.get('/assets/*', serveAssets(join(distDir, 'assets')))
  if (sdkDir) {
    const sdkFile = serveSdkFiles(sdkDir, SDK_FILES)
    app.get(
      `${SDK_PATH}:file`,
      async (c) => (await sdkFile(c, c.req.param('file'))) ?? jsonError(c, API_ERRORS.notFound),
    )
    // Issue 13 §5: the build's own version in the path, so the bytes never change and SRI can pin them.
    app.get(
      `${SDK_PATH}:version/:file`,
      async (c) =>
        (await sdkFile(c, c.req.param('file'), c.req.param('version'))) ?? jsonError(c, API_ERRORS.notFound),
    )
  }

  const modalPage = (c: Context) => {
    const bootstrap = lookupProject(registry, c.req.query('projectId'), {
      relayUrl,
      apiUrl,
      keyFrameOrigin,
      bundlerUrls,
    })
    const body = page.body + keyFrameWarmUp(bootstrap) + page.end
    return c.html(page.head + bootstrapScript(bootstrap) + body, 200, {
      'Content-Security-Policy': `${BASE_CSP}; ${imgSrc}; ${frameSrc}; frame-ancestors ${frameAncestors(bootstrap)}`,
      'Cache-Control': 'no-store',
    })
  }
  app.get('/', modalPage)
  app.get('/index.html', modalPage)

  app.notFound((c) => jsonError(c, API_ERRORS.notFound))
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const entry = Object.values(API_ERRORS).find((candidate) => candidate.status === error.status)
      return jsonError(c, entry ?? API_ERRORS.internal, error.status)
    }
    // The details stay in the server log; clients only ever get { code, message }.
    console.error('[modal-host]', error)
    return jsonError(c, API_ERRORS.internal)
  })
  return app
}

export function lookupProject(
  registry: ReadonlyMap<string, ProjectConfig>,
  projectId: string | undefined,
  services: {
    relayUrl?: string | undefined
    apiUrl?: string | undefined
    keyFrameOrigin?: string | undefined
    bundlerUrls?: BundlerUrls | undefined
  } = {},
): ProjectBootstrap {
  const { relayUrl, apiUrl, keyFrameOrigin, bundlerUrls } = services
  if (!projectId) return { status: 'missing' }
  const project = registry.get(projectId)
  // The unknown id is not echoed back into the page: nothing from the request reaches the HTML.
  if (!project) return { status: 'unknown' }
  return {
    status: 'ok',
    projectId: project.projectId,
    allowedOrigins: project.allowedOrigins,
    ...(relayUrl ? { relayUrl } : {}),
    ...(apiUrl ? { apiUrl } : {}),
    ...(keyFrameOrigin ? { keyFrameOrigin } : {}),
    ...(bundlerUrls && Object.keys(bundlerUrls).length > 0 ? { bundlerUrls } : {}),
  }
}

/** A bad relay, data API or bundler URL fails at start-up, not in every modal that tries it. */
function checkUrl(
  name: string,
  schema:
    | typeof RelayUrlSchema
    | typeof ApiUrlSchema
    | typeof KeyFrameOriginSchema
    | typeof BundlerUrlsSchema,
  value: unknown,
): void {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new Error(`modal-host: ${name} ${result.error.issues[0]?.message}, got ${JSON.stringify(value)}`)
}

/**
 * A known project may be framed only by its own origins. A missing or unknown project has nothing
 * to protect (the modal never answers a handshake then), and its alert must be visible to the
 * integrator who embedded it by mistake, so any ancestor may show it.
 */
export function frameAncestors(bootstrap: ProjectBootstrap): string {
  return bootstrap.status === 'ok' ? bootstrap.allowedOrigins.join(' ') : '*'
}

function bootstrapScript(bootstrap: ProjectBootstrap): string {
  const json = serializeProjectBootstrap(bootstrap)
  return `<script id="${PROJECT_BOOTSTRAP_ELEMENT_ID}" type="application/json">${json}</script>`
}

/**
 * The key frame's warm-up iframe, in the page itself (issue 10): the parser makes it while the
 * modal's scripts load, so it is done before them. Made by the script, after them, it held back the
 * modal's load event, and with it the host's hello, by ~40 ms. Hidden and inert until the modal
 * shows it; the modal adopts it (features/embedded/key-frame-element.ts).
 */
function keyFrameWarmUp(bootstrap: ProjectBootstrap): string {
  if (bootstrap.status !== 'ok' || !bootstrap.keyFrameOrigin) return ''
  const src = new URL(KEY_FRAME_WARM_UP_PATH, bootstrap.keyFrameOrigin).href
  return `<iframe id="${KEY_FRAME_WARM_UP_ELEMENT_ID}" src="${src}" title="${KEY_FRAME_TITLE}" allow="${KEY_FRAME_PERMISSIONS}" hidden inert></iframe>`
}

function readIndexHtml(distDir: string): string {
  const file = join(distDir, 'index.html')
  try {
    return readFileSync(file, 'utf8')
  } catch {
    throw new Error(
      `modal-host: ${file} not found; build the modal first (npm run build -w @walletframe/modal-host)`,
    )
  }
}

/** The page around what is written into it: the project config before `</head>`, the warm-up before `</body>`. */
function splitTemplate(html: string): { head: string; body: string; end: string } {
  const at = html.search(/<\/head>/i)
  const end = html.search(/<\/body>/i)
  if (at === -1 || end < at)
    throw new Error('modal-host: index.html needs a </head> and a </body> to write the project config into')
  return { head: html.slice(0, at), body: html.slice(at, end), end: html.slice(end) }
}

const securityHeaders = createMiddleware(async (c, next) => {
  await next()
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Referrer-Policy', 'no-referrer')
})

/** Error answers share the data API's body `{ code, message }` and catalogue (protocol). */
function jsonError(
  c: Context,
  entry: (typeof API_ERRORS)[keyof typeof API_ERRORS],
  status: ContentfulStatusCode = entry.status as ContentfulStatusCode,
) {
  const body: ApiErrorBody = { code: entry.code, message: entry.message }
  return c.json(body, status)
}
