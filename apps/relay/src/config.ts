/** The relay's settings from environment variables, with the local stack's defaults. */
import { trustedProxyHopsFromEnv } from '@walletframe/rate-limit/client-address'
import type { RelayLimits } from './limits.ts'

export interface RelayConfig {
  host: string
  port: number
  /**
   * What clients put in `relayUrl`; their JWT audience must match it exactly. Set
   * WF_RELAY_PUBLIC_URL when the relay sits behind a proxy or listens on 0.0.0.0.
   */
  publicUrl: string
  redisUrl?: string
  /** The limits set in the environment; the others keep their defaults (limits.ts). */
  limits: Partial<RelayLimits>
  /** WF_TRUSTED_PROXY_HOPS: reverse proxies in front, whose X-Forwarded-For entry is the client. */
  trustedProxyHops: number
}

/** Environment variable → limit, each a whole number of at least 1. */
const LIMIT_VARIABLES: Record<string, keyof RelayLimits> = {
  WF_RELAY_MAX_CONNECTIONS: 'maxConnections',
  WF_RELAY_MAX_CONNECTIONS_PER_IP: 'maxConnectionsPerIp',
  WF_RELAY_MAX_SUBSCRIPTIONS: 'maxSubscriptionsPerConnection',
  WF_RELAY_MAX_TOPIC_BYTES: 'maxTopicBytes',
  WF_RELAY_MAX_CLIENT_BYTES: 'maxClientBytes',
  WF_RELAY_MAX_STORED_BYTES: 'maxStoredBytes',
  WF_RELAY_MAX_TTL: 'maxTtlSeconds',
  WF_RELAY_MAX_TOKEN_LIFETIME: 'maxTokenLifetimeSeconds',
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
  const limits: Partial<RelayLimits> = {}
  for (const [name, limit] of Object.entries(LIMIT_VARIABLES)) {
    const value = integer(env, name, 1, Number.MAX_SAFE_INTEGER)
    if (value !== undefined) limits[limit] = value
  }
  // Publishes per second per connection; the burst allowed is twice that.
  const publishPerSecond = integer(env, 'WF_RELAY_PUBLISH_RATE', 1, 1_000_000)
  if (publishPerSecond) Object.assign(limits, { publishPerSecond, publishBurst: publishPerSecond * 2 })
  let trustedProxyHops: number
  try {
    trustedProxyHops = trustedProxyHopsFromEnv(env)
  } catch (error) {
    throw new RelayConfigError((error as Error).message)
  }
  return { host, port, publicUrl, redisUrl: env.REDIS_URL || undefined, limits, trustedProxyHops }
}
