import { describe, expect, it } from 'vitest'
import { RelayConfigError, resolveRelayConfig } from './config.ts'

describe('resolveRelayConfig', () => {
  it('defaults to loopback port 5175, in memory', () => {
    expect(resolveRelayConfig({})).toEqual({
      host: '127.0.0.1',
      port: 5175,
      publicUrl: 'ws://127.0.0.1:5175',
      redisUrl: undefined,
      limits: {},
      trustedProxyHops: 0,
    })
  })

  it('reads host, port, public URL, Redis and the publish rate from the environment', () => {
    const config = resolveRelayConfig({
      WF_RELAY_HOST: '::1',
      WF_RELAY_PORT: '6000',
      REDIS_URL: 'redis://127.0.0.1:6379',
      WF_RELAY_PUBLISH_RATE: '500',
      WF_RELAY_MAX_CONNECTIONS_PER_IP: '20',
      WF_RELAY_MAX_TOPIC_BYTES: '65536',
    })
    expect(config).toMatchObject({
      host: '::1',
      port: 6000,
      publicUrl: 'ws://[::1]:6000',
      limits: { publishPerSecond: 500, publishBurst: 1000, maxConnectionsPerIp: 20, maxTopicBytes: 65_536 },
    })
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379')
    expect(resolveRelayConfig({ WF_TRUSTED_PROXY_HOPS: '1' }).trustedProxyHops).toBe(1)
    expect(resolveRelayConfig({ WF_RELAY_PUBLIC_URL: 'wss://relay.example.com' }).publicUrl).toBe(
      'wss://relay.example.com',
    )
  })

  it('names the variable that is wrong', () => {
    expect(() => resolveRelayConfig({ WF_RELAY_PORT: '70000' })).toThrow(
      new RelayConfigError('WF_RELAY_PORT must be an integer from 1 to 65535, got "70000"'),
    )
    expect(() => resolveRelayConfig({ WF_RELAY_MAX_STORED_BYTES: '1.5' })).toThrow(
      /WF_RELAY_MAX_STORED_BYTES must be an integer/,
    )
    expect(() => resolveRelayConfig({ WF_TRUSTED_PROXY_HOPS: 'all' })).toThrow(/WF_TRUSTED_PROXY_HOPS/)
    expect(() => resolveRelayConfig({ WF_RELAY_PUBLIC_URL: 'http://x' })).toThrow(
      /must be a ws:\/\/ or wss:\/\/ URL/,
    )
  })
})
