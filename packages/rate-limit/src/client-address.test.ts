import { describe, expect, it } from 'vitest'
import { clientAddress, trustedProxyHopsFromEnv } from './client-address.ts'

describe('clientAddress', () => {
  it('is the peer at 0 hops whatever X-Forwarded-For says', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1', 0)).toBe('10.0.0.1')
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown')
  })

  it('counts that many proxies back from the peer, and no further than the header goes', () => {
    const header = '198.51.100.1, 203.0.113.7, 10.1.0.2'
    expect(clientAddress('10.0.0.1', header, 1)).toBe('10.1.0.2')
    expect(clientAddress('10.0.0.1', header, 2)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.1', ['198.51.100.1', '203.0.113.7'], 1)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.1', '203.0.113.7', 5)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1')
  })

  it('reads WF_TRUSTED_PROXY_HOPS, 0 when unset, and refuses anything but a whole number', () => {
    expect(trustedProxyHopsFromEnv({})).toBe(0)
    expect(trustedProxyHopsFromEnv({ WF_TRUSTED_PROXY_HOPS: '2' })).toBe(2)
    expect(() => trustedProxyHopsFromEnv({ WF_TRUSTED_PROXY_HOPS: 'yes' })).toThrow(/WF_TRUSTED_PROXY_HOPS/)
    expect(() => trustedProxyHopsFromEnv({ WF_TRUSTED_PROXY_HOPS: '-1' })).toThrow(/WF_TRUSTED_PROXY_HOPS/)
  })
})
