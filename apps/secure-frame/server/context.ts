import type { Database } from '@walletframe/db'
import type { SocialProvider } from '@walletframe/protocol'
import type { RateLimiter } from '@walletframe/rate-limit'
import type { Context } from 'hono'
import type { KeyServerConfig } from './config.ts'
import type { ServerKeys } from './crypto/secrets.ts'
import type { Mailer } from './mail/mailer.ts'

/** A signed-in key frame: what the session cookie stands for. */
export interface SessionInfo {
  tokenHash: string
  userId: string
  /** Null for a user who signed in with an identity that is not an email (Farcaster). */
  email: string | null
  deviceId: string
  projectId: string | null
  /** Whether an email code or a passkey was verified within TIME.freshAuthMs. */
  fresh: boolean
  /** The identity this session was signed in with; null after an email code or a passkey. */
  loginProvider: SocialProvider | null
}

/** hono's environment of the key server's routes. */
export interface KeyServerEnv {
  Variables: { session: SessionInfo | undefined }
}

/** What the features share, built once per app. */
export interface KeyServerContext {
  config: KeyServerConfig
  db: Database
  mailer: Mailer
  keys: ServerKeys
  /** Epoch ms; tests move it forward. */
  now: () => number
  log: (message: string) => void
  /** `clientIp` is the address perIp counts (behind WF_TRUSTED_PROXY_HOPS proxies, theirs). */
  limits: { perIp: RateLimiter; perEmail: RateLimiter; clientIp: (c: Context) => string }
  /** Wakes long-polls waiting on a device confirmation (same process; others poll the database). */
  deviceConfirmed: EventTarget
}
