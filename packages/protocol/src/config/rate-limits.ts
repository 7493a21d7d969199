/**
 * The services' request limits (issue 10 §1): each is an environment variable with a default that
 * no real user reaches. Every rate is requests per minute per key, taken from a token bucket whose
 * burst equals that rate (unless it names another), so a client may spend a minute's budget at once
 * and then refills.
 * With `REDIS_URL` the buckets live in Redis and every process of a service shares them.
 */
export const RATE_LIMITS = {
  /** The data API, per client IP, all routes but /healthz. */
  apiPerIp: { env: 'WF_API_RATE_LIMIT_PER_IP', perMinute: 1_200 },
  /** The data API, per project: one project's traffic cannot starve the others. */
  apiPerProject: { env: 'WF_API_RATE_LIMIT_PER_PROJECT', perMinute: 120_000 },
  /** `POST /e` (analytics), per client IP, within the per-IP budget above. */
  apiEventsPerIp: { env: 'WF_API_EVENTS_PER_IP', perMinute: 120 },
  /** The modal server, per client IP (pages, assets, project lookups). */
  modalPerIp: { env: 'WF_MODAL_RATE_LIMIT_PER_IP', perMinute: 1_200 },
  /** `forceUpdate=true` per client IP, across all addresses (each address has its own interval below). */
  apiForceUpdatePerIp: { env: 'WF_API_FORCE_UPDATE_PER_IP', perMinute: 60 },
  /** The key server's auth, passkey, device and OAuth routes, per client IP; a burst of twice the rate. */
  keyPerIp: { env: 'WF_KEY_RATE_LIMIT_PER_IP', perMinute: 30, burst: 60 },
  /** Login codes and links sent per email address; a burst of six. */
  keyPerEmail: { env: 'WF_KEY_RATE_LIMIT_PER_EMAIL', perMinute: 1, burst: 6 },
} as const satisfies Record<string, RateLimitSpec>

/** A limit: requests per minute, and the burst when it is not the same number. */
export interface RateLimitSpec {
  env: string
  perMinute: number
  /** Requests allowed at once; its ratio to `perMinute` is kept when the rate is set. */
  burst?: number
}

/**
 * How many reverse proxies stand in front of every service that limits per IP (API, modal server,
 * key server, relay). 0: X-Forwarded-For is ignored, since without a proxy any caller could write
 * it; N: the address the Nth proxy from the service appended is the client's.
 */
export const TRUSTED_PROXY_HOPS = { env: 'WF_TRUSTED_PROXY_HOPS', hops: 0 } as const

/**
 * `forceUpdate=true` on the balance route reads the chain again (100+ RPC reads): allowed once per
 * this many seconds per address and chain; a second one within the window is answered 429.
 */
export const FORCE_UPDATE_INTERVAL = { env: 'WF_API_FORCE_UPDATE_INTERVAL', seconds: 10 } as const

export type RateLimitName = keyof typeof RATE_LIMITS
