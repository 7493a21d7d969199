/** The relay's settings from environment variables, with the local stack's defaults. */

export interface RelayConfig {
  host: string
  port: number
  /**
   * What clients put in `relayUrl`; their JWT audience must match it exactly. Set
   * WF_RELAY_PUBLIC_URL when the relay sits behind a proxy or listens on 0.0.0.0.
   */
  publicUrl: string
  redisUrl?: string
  /** Publishes per second per connection (the burst allowed is twice that). */
  publishPerSecond?: number
}

type Env = Record<string, string | undefined>

export class RelayConfigError extends Error {
  override readonly name = 'RelayConfigError'
}

function integer(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RelayConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

export function resolveRelayConfig(env: Env = process.env): RelayConfig {
  const host = env.WF_RELAY_HOST || '127.0.0.1'
  const port = integer(env, 'WF_RELAY_PORT', 1, 65_535) ?? 5175
  const publicUrl = env.WF_RELAY_PUBLIC_URL || `ws://${host.includes(':') ? `[${host}]` : host}:${port}`
  if (!/^wss?:\/\//.test(publicUrl)) {
    throw new RelayConfigError(`WF_RELAY_PUBLIC_URL must be a ws:// or wss:// URL, got "${publicUrl}"`)
  }
  return {
    host,
    port,
    publicUrl,
    redisUrl: env.REDIS_URL || undefined,
    publishPerSecond: integer(env, 'WF_RELAY_PUBLISH_RATE', 1, 1_000_000),
  }
}
