/**
 * The services' request limits (issue 10 §1): each is an environment variable with a default that
 * no real user reaches. Every rate is requests per minute per key, taken from a token bucket whose
 * burst equals that rate, so a client may spend a minute's budget at once and then refills.
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
} as const

/**
 * `forceUpdate=true` on the balance route reads the chain again (100+ RPC reads): allowed once per
 * this many seconds per address and chain; a second one within the window is answered 429.
 */
export const FORCE_UPDATE_INTERVAL = { env: 'WF_API_FORCE_UPDATE_INTERVAL', seconds: 10 } as const

export type RateLimitName = keyof typeof RATE_LIMITS
