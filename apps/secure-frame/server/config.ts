/**
 * The key server's configuration from the environment, with the local stack's defaults
 * (apps/secure-frame/README.md lists every variable). Checked here, so a bad value fails at start-up.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  assertUniqueProjectIds,
  normalizeOrigin,
  type ProjectEntry,
  parseProjectsFile,
  RATE_LIMITS,
  TIME,
  toProjectEntry,
  WALLETFRAME_NAME,
} from '@walletframe/protocol'
import { resolveStackConfig, type StackConfig } from '@walletframe/stack'
import { resolveSocialConfig, type SocialConfig } from './social/config.ts'

type Env = Record<string, string | undefined>

import { type BucketRule, rateFromEnv, trustedProxyHopsFromEnv } from '@walletframe/rate-limit'

export type { BucketRule }

export interface KeyServerConfig {
  host: string
  /** 0 picks a free port. */
  port: number
  /** The key frame's origin: WebAuthn's origin and RP id, the only origin allowed to POST. */
  origin: string
  /** Modal origins that may embed the key frame (CSP frame-ancestors). */
  modalOrigins: string[]
  /** Projects and their host origins (CSP frame-ancestors, passkey top origins). */
  projects: ProjectEntry[]
  databaseUrl?: string | undefined
  /** PGlite's folder; undefined keeps PGlite in memory. */
  dataDir?: string | undefined
  /** Production SMTP (`smtp://user:pass@host:587`); without it mail goes to the dev catcher. */
  smtpUrl?: string | undefined
  mailCatcher: { smtpHost: string; smtpPort: number; httpHost: string; httpPort: number }
  mailFrom: string
  /** 64 hex characters: the key that encrypts auth shares at rest (and hashes codes). */
  secret: string
  /** True when `secret` was generated for this process: stored auth shares die with it. */
  secretIsEphemeral: boolean
  /** The built key-frame app (index.html and assets); without it GET /frame is a 404. */
  distDir?: string | undefined
  /**
   * Per IP on the auth routes, per email on sending codes (WF_KEY_RATE_LIMIT_*), and the reverse
   * proxies in front (WF_TRUSTED_PROXY_HOPS, 0 when omitted) whose X-Forwarded-For entry is the client.
   */
  rateLimits: { perIp: BucketRule; perEmail: BucketRule; trustedProxyHops?: number }
  /** With it, the rate limits' buckets live in Redis, shared by every key-server process. */
  redisUrl?: string | undefined
  /** How long POST /v1/auth/device waits for the link to be opened. */
  deviceWaitMs: number
  /** Social login's providers and redirect URI (social/config.ts, docs/social-login.md). */
  social: SocialConfig
  /** Sign In With Farcaster (docs/farcaster.md); undefined: its routes answer FARCASTER_UNAVAILABLE. */
  farcaster?: FarcasterConfig | undefined
}

export interface FarcasterConfig {
  /** JSON-RPC of the chain that holds the IdRegistry (Optimism in production, the devnet in dev). */
  rpcUrl: string
  /** The IdRegistry whose `custodyOf(fid)` must have signed the sign-in message. */
  idRegistry: `0x${string}`
  /** How long POST /v1/farcaster/channel/status waits for the phone. */
  statusWaitMs: number
}

/** Farcaster's IdRegistry on OP Mainnet: WF_FARCASTER_ID_REGISTRY's default in production. */
export const OPTIMISM_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/**
 * The devnet's IdRegistry (packages/devnet `devnetIdRegistryAddress()`: dev account #8's first
 * contract), the default outside production; farcaster/farcaster.test.ts checks the two agree.
 */
export const DEVNET_ID_REGISTRY = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A'

/** WF_KEY_RATE_LIMIT_PER_IP, WF_KEY_RATE_LIMIT_PER_EMAIL and WF_TRUSTED_PROXY_HOPS. */
export function resolveKeyRateLimits(env: Env): KeyServerConfig['rateLimits'] {
  return {
    perIp: rateFromEnv(env, RATE_LIMITS.keyPerIp),
    perEmail: rateFromEnv(env, RATE_LIMITS.keyPerEmail),
    trustedProxyHops: trustedProxyHopsFromEnv(env),
  }
}

export const DEFAULT_RATE_LIMITS = resolveKeyRateLimits({})

export interface ResolveKeyServerConfigOptions {
  /** Defaults to `resolveStackConfig(env)`. */
  stack?: StackConfig
}

export function resolveKeyServerConfig(
  env: Env = process.env,
  options: ResolveKeyServerConfigOptions = {},
): KeyServerConfig {
  const stack = options.stack ?? resolveStackConfig(env)
  // Host, port, origin and the mail ports are the stack's (WF_KEY_*, WF_SMTP_*, WF_INBOX_PORT), so
  // the modal and the tests agree with the server on them.
  const { host, port } = stack.keyFrame
  const origin = httpOrigin(stack.keyFrame.origin, 'WF_KEY_ORIGIN')
  const modalOrigins = (env.WF_KEY_MODAL_ORIGINS || stack.modal.origin)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => httpOrigin(entry, 'WF_KEY_MODAL_ORIGINS'))
  const projects = assertUniqueProjectIds(
    [
      toProjectEntry(
        { projectId: stack.projectId, allowedOrigins: [stack.dapp.origin, ...stack.extraDevOrigins] },
        'dev project',
      ),
      ...(env.WF_PROJECTS_FILE ? readProjects(env.WF_PROJECTS_FILE) : []),
    ],
    "the key server's projects",
  )
  const secret = env.WF_KEY_SERVER_SECRET?.trim()
  if (secret !== undefined && secret !== '' && !/^[0-9a-fA-F]{64}$/.test(secret)) {
    throw new Error('WF_KEY_SERVER_SECRET must be 64 hex characters (32 bytes)')
  }
  if (!secret && env.NODE_ENV === 'production') {
    throw new Error('WF_KEY_SERVER_SECRET is required in production: auth shares are encrypted under it')
  }
  const { host: smtpHost, smtpPort, inboxPort } = stack.mail
  return {
    host,
    port,
    origin,
    modalOrigins: [...new Set(modalOrigins)],
    projects,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.WF_KEY_DATA_DIR ? resolve(env.WF_KEY_DATA_DIR) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailCatcher: {
      smtpHost,
      smtpPort,
      httpHost: smtpHost,
      httpPort: inboxPort,
    },
    mailFrom: env.MAIL_FROM || `${WALLETFRAME_NAME} <no-reply@${new URL(origin).hostname}>`,
    secret: secret ? secret.toLowerCase() : randomBytes(32).toString('hex'),
    secretIsEphemeral: !secret,
    distDir: env.WF_KEY_DIST_DIR ? resolve(env.WF_KEY_DIST_DIR) : undefined,
    rateLimits: resolveKeyRateLimits(env),
    redisUrl: env.REDIS_URL || undefined,
    deviceWaitMs: TIME.deviceConfirmationWaitMs,
    social: resolveSocialConfig(env, { origin, stack, production: env.NODE_ENV === 'production' }),
    farcaster: resolveFarcaster(env, stack),
  }
}

/**
 * WF_FARCASTER_RPC_URL and WF_FARCASTER_ID_REGISTRY. Outside production they default to the local
 * devnet's first chain and its IdRegistry; in production Farcaster stays off until the RPC is set.
 */
function resolveFarcaster(env: Env, stack: StackConfig): FarcasterConfig | undefined {
  const production = env.NODE_ENV === 'production'
  const rpcUrl = env.WF_FARCASTER_RPC_URL?.trim() || (production ? undefined : stack.devnet.chains[0]?.rpcUrl)
  if (!rpcUrl) return undefined
  if (!/^https?:\/\//.test(rpcUrl)) throw new Error(`WF_FARCASTER_RPC_URL: "${rpcUrl}" is not an http(s) URL`)
  const idRegistry =
    env.WF_FARCASTER_ID_REGISTRY?.trim() || (production ? OPTIMISM_ID_REGISTRY : DEVNET_ID_REGISTRY)
  if (!/^0x[0-9a-fA-F]{40}$/.test(idRegistry)) {
    throw new Error(`WF_FARCASTER_ID_REGISTRY: "${idRegistry}" is not an address`)
  }
  return {
    rpcUrl,
    idRegistry: idRegistry as `0x${string}`,
    statusWaitMs: TIME.farcasterStatusWaitMs,
  }
}

function httpOrigin(value: string, name: string): string {
  const origin = normalizeOrigin(value)
  if (!origin || !/^https?:\/\//.test(origin)) throw new Error(`${name}: "${value}" is not an http(s) origin`)
  return origin
}

function readProjects(file: string): ProjectEntry[] {
  const where = `WF_PROJECTS_FILE ${file}`
  try {
    return parseProjectsFile(readFileSync(file, 'utf8'), where)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code)
      throw new Error(`${where}: cannot read it (${(error as Error).message})`)
    throw error
  }
}
