import type { Database } from '@walletframe/db'
import {
  AnalyticsConfigQuerySchema,
  type AnalyticsConfigResponse,
  AnalyticsEventQuerySchema,
  AnalyticsEventSchema,
  AssetImageParamsSchema,
  GetWalletsQuerySchema,
  hasForbiddenKeys,
  REGISTRY_PATHS,
  RegistryImageQuerySchema,
  SymbolImageParamsSchema,
  WalletImageParamsSchema,
} from '@walletframe/protocol'
import type { RateLimiter } from '@walletframe/rate-limit'
import { type Context, Hono } from 'hono'
import type { ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { parseInput, validParams, validQuery } from '../middleware/validate.ts'
import { AnalyticsStore } from './analytics.ts'
import { WalletCatalog } from './catalog.ts'
import { eventGuard } from './event-guard.ts'
import { initialsOf, monogramSvg, sendSvg, symbolText } from './images.ts'

export interface RegistryDeps {
  /** The API's database (an ApiContext fits as it is). */
  db: Database
  /** How long the in-memory catalogue and analytics switches are served before a re-read (60 s). */
  cacheTtlMs?: number
  /** Insert the generated catalogue on first use (default true). */
  seed?: boolean
  /** `POST /e` per client IP (ApiContext.limits.eventsPerIp). */
  eventsPerIp: RateLimiter
  /** The address that limit counts (ApiContext.limits.clientIp). */
  clientIp: (c: Context) => string
}

/**
 * The wallet-service routes of spec §7 (`/getWallets`, the image routes, `/getAnalyticsConfig`)
 * and the analytics sink `POST /e`, as a sub-app mounted at `/` by the API. CORS, the project
 * check and the `{ code, message }` error answers come from the API app around it.
 */
export function createRegistryRoutes(deps: RegistryDeps): Hono<ApiEnv> {
  const ttlMs = deps.cacheTtlMs ?? 60_000
  const catalog = new WalletCatalog(deps.db, { ttlMs, seed: deps.seed ?? true })
  const analytics = new AnalyticsStore(deps.db, { ttlMs })

  return new Hono<ApiEnv>()
    .get(REGISTRY_PATHS.wallets, validQuery(GetWalletsQuerySchema), async (c) => {
      const body = await catalog.list(c.req.valid('query'))
      // The catalogue changes rarely and the snapshot is a minute old at most anyway.
      return c.json(body, 200, { 'Cache-Control': 'public, max-age=60' })
    })
    .get(
      REGISTRY_PATHS.walletImage,
      validParams(WalletImageParamsSchema),
      validQuery(RegistryImageQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const wallet = (await catalog.snapshot()).byImageId.get(id)
        if (!wallet) throw new ApiError('notFound', 'No wallet image has this id')
        // The image id is part of the colour seed: a new image id is a visibly new image.
        return sendSvg(c, monogramSvg({ id, text: initialsOf(wallet.name), label: wallet.name }))
      },
    )
    .get(
      REGISTRY_PATHS.assetImage,
      validParams(AssetImageParamsSchema),
      validQuery(RegistryImageQuerySchema),
      (c) => {
        // Network and connector ids have no name here: the id's first characters stand in for it.
        const { id } = c.req.valid('param')
        const text = id
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 2)
          .toUpperCase()
        return sendSvg(c, monogramSvg({ id: `asset:${id}`, text, label: id }))
      },
    )
    .get(
      REGISTRY_PATHS.currencyImage,
      validParams(SymbolImageParamsSchema),
      validQuery(RegistryImageQuerySchema),
      (c) => symbolImage(c.req.valid('param').id, 'currency', c),
    )
    .get(
      REGISTRY_PATHS.tokenImage,
      validParams(SymbolImageParamsSchema),
      validQuery(RegistryImageQuerySchema),
      (c) => symbolImage(c.req.valid('param').id, 'token', c),
    )
    .get(REGISTRY_PATHS.analyticsConfig, validQuery(AnalyticsConfigQuerySchema), async (c) => {
      const body: AnalyticsConfigResponse = {
        isAnalyticsEnabled: await analytics.isEnabled(c.req.valid('query').projectId),
      }
      return c.json(body)
    })
    .post(
      REGISTRY_PATHS.analyticsEvent,
      validQuery(AnalyticsEventQuerySchema),
      ...eventGuard(deps.eventsPerIp, deps.clientIp),
      async (c) => {
        const client = c.req.valid('query')
        const event = parseInput(AnalyticsEventSchema, await readEventJson(c.req.raw), 'json')
        // A project that turned analytics off gets nothing stored, even from an SDK that still sends.
        if (await analytics.isEnabled(client.projectId)) await analytics.record(event, client)
        return c.body(null, 204)
      },
    )
}

/** Symbols are case-insensitive for the colour, so `usdc` and `USDC` look the same. */
function symbolImage(symbol: string, kind: 'currency' | 'token', c: Parameters<typeof sendSvg>[0]) {
  return sendSvg(
    c,
    monogramSvg({ id: `${kind}:${symbol.toUpperCase()}`, text: symbolText(symbol), label: symbol }),
  )
}

async function readEventJson(request: Request): Promise<unknown> {
  let value: unknown
  try {
    value = JSON.parse(await request.text())
  } catch {
    throw new ApiError('invalidInput', 'Invalid body: not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalidInput', 'Invalid body: must be a JSON object')
  }
  if (hasForbiddenKeys(value))
    throw new ApiError('invalidInput', 'Invalid body: forbidden key or too deeply nested')
  // Postgres text and jsonb cannot hold NUL or lone surrogates; refuse them here as a 400 rather
  // than letting the insert fail as a 500.
  if (hasUnstorableText(value)) {
    throw new ApiError('invalidInput', 'Invalid body: contains NUL characters or unpaired surrogates')
  }
  return value
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/** hasForbiddenKeys has already bounded the depth and size, so this walk is bounded too. */
function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value)
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(hasUnstorableText)
  return Object.entries(value).some(([key, item]) => unstorable(key) || hasUnstorableText(item))
}
