/**
 * The project bootstrap: what the modal server writes into the modal page, in
 * `<script id="wf-project" type="application/json">` (PROJECT_BOOTSTRAP_ELEMENT_ID), and the modal
 * reads before anything else. The modal shows an alert unless status is ok.
 */
import * as z from 'zod/mini'

const hasProtocol =
  (...protocols: string[]) =>
  (value: string) => {
    try {
      return protocols.includes(new URL(value).protocol)
    } catch {
      return false
    }
  }

/** The deployment's WalletConnect relay (apps/relay): a ws(s) URL. */
export const RelayUrlSchema = z
  .string()
  .check(z.refine(hasProtocol('ws:', 'wss:'), 'must be a ws:// or wss:// URL'))

/** The deployment's data API (apps/api): an http(s) URL, read without trailing slashes. */
export const ApiUrlSchema = z.pipe(
  z.string().check(z.refine(hasProtocol('http:', 'https:'), 'must be an http:// or https:// URL')),
  z.transform((value) => value.replace(/\/+$/, '')),
)

/** The deployment's key frame (apps/secure-frame): an http(s) origin, nothing after it. */
export const KeyFrameOriginSchema = z
  .string()
  .check(
    z.refine(
      (value) => hasProtocol('http:', 'https:')(value) && new URL(value).origin === value,
      'must be an http:// or https:// origin with no path',
    ),
  )

/** An http(s) URL: a bundler's JSON-RPC endpoint. */
const HttpUrlSchema = z
  .string()
  .check(z.maxLength(2048), z.refine(hasProtocol('http:', 'https:'), 'must be an http:// or https:// URL'))

/**
 * The deployment's ERC-4337 bundlers (issue 14), by chain id in decimal: the embedded wallet's smart
 * account is offered on these chains only. Deployment config like the relay: a dapp cannot choose
 * where the user's operations go.
 */
export const BundlerUrlsSchema = z.record(z.string().check(z.regex(/^[1-9][0-9]{0,15}$/)), HttpUrlSchema)
export type BundlerUrls = z.infer<typeof BundlerUrlsSchema>

/**
 * `WF_BUNDLER_URLS`: `<chainId>=<url>` pairs, comma-separated (`31337=http://127.0.0.1:4337`).
 * Throws naming the bad pair, so a misconfigured server fails at start-up, not in every modal.
 */
export function parseBundlerUrls(text: string): BundlerUrls {
  const pairs = text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)] as const
    })
  const result = BundlerUrlsSchema.safeParse(Object.fromEntries(pairs))
  if (!result.success || pairs.some(([chainId]) => chainId === '')) {
    throw new Error(`WF_BUNDLER_URLS must be <chainId>=<http(s) URL> pairs, comma-separated; got "${text}"`)
  }
  return result.data
}

export const ProjectBootstrapSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    projectId: z.string(),
    allowedOrigins: z.array(z.string()),
    // A bad URL only loses its feature (no WalletConnect, no account data), not the whole project.
    relayUrl: z.catch(z.optional(RelayUrlSchema), undefined),
    apiUrl: z.catch(z.optional(ApiUrlSchema), undefined),
    // Without it the embedded wallet (email login) is not offered.
    keyFrameOrigin: z.catch(z.optional(KeyFrameOriginSchema), undefined),
    // Without them the embedded wallet has no smart account (its EOA only).
    bundlerUrls: z.catch(z.optional(BundlerUrlsSchema), undefined),
  }),
  z.object({ status: z.enum(['missing', 'unknown']), projectId: z.optional(z.string()) }),
])
export type ProjectBootstrap = z.output<typeof ProjectBootstrapSchema>

/** The bootstrap in the page's text; anything absent or invalid is `{ status: 'missing' }`. */
export function parseProjectBootstrap(text: string | null | undefined): ProjectBootstrap {
  if (!text) return { status: 'missing' }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { status: 'missing' }
  }
  const result = ProjectBootstrapSchema.safeParse(json)
  return result.success ? result.data : { status: 'missing' }
}

/** JSON safe inside a `<script>` element. */
export function serializeProjectBootstrap(bootstrap: ProjectBootstrap): string {
  // Escaping "<" keeps "</script>" and "<!--" inside JSON strings from ending the element early.
  return JSON.stringify(bootstrap).replaceAll('<', '\\u003c')
}
