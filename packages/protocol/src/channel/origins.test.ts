import { describe, expect, it } from 'vitest'
import { createOriginCheck, normalizeOrigin } from './origins.ts'

describe('normalizeOrigin', () => {
  it('reduces a URL to its scheme, host and port', () => {
    expect(normalizeOrigin('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173')
    expect(normalizeOrigin('http://127.0.0.1:5173/app/index.html?x=1#y')).toBe('http://127.0.0.1:5173')
  })

  it('lower-cases the scheme and host and drops a default port, as browsers serialise origins', () => {
    expect(normalizeOrigin('HTTPS://Example.COM:443')).toBe('https://example.com')
    expect(normalizeOrigin('http://example.com:80')).toBe('http://example.com')
  })

  it.each([
    ['the opaque origin', 'null'],
    ['a file URL', 'file:///etc/passwd'],
    ['a data URL', 'data:text/html,<p>x</p>'],
    ['a wildcard', '*'],
    ['a path', '/'],
    ['a bare host', 'example.com'],
    ['nothing', ''],
  ])('has no origin for %s', (_label, value) => {
    expect(normalizeOrigin(value)).toBeUndefined()
  })
})

describe('createOriginCheck', () => {
  const allowed = createOriginCheck(['http://127.0.0.1:5173'])

  it('allows the listed origin', () => {
    expect(allowed('http://127.0.0.1:5173')).toBe(true)
  })

  it.each([
    ['another port', 'http://127.0.0.1:5174'],
    ['another scheme', 'https://127.0.0.1:5173'],
    ['a trailing slash', 'http://127.0.0.1:5173/'],
    ['a trailing path', 'http://127.0.0.1:5173/app'],
    ['no port', 'http://127.0.0.1'],
    ['another host for the same machine', 'http://localhost:5173'],
    ['a subdomain', 'http://a.127.0.0.1:5173'],
    ['a longer host sharing the prefix', 'http://127.0.0.1:51730'],
  ])('refuses an origin with %s', (_label, origin) => {
    expect(allowed(origin)).toBe(false)
  })

  it('matches listed entries by their origin, so a listed URL with a path or default port still counts', () => {
    const check = createOriginCheck(['https://dapp.example:443/app/', 'http://127.0.0.1:5173/'])
    expect(check('https://dapp.example')).toBe(true)
    expect(check('http://127.0.0.1:5173')).toBe(true)
  })

  it('never allows "null", even when it is listed', () => {
    expect(createOriginCheck(['null'])('null')).toBe(false)
    expect(createOriginCheck(['null', 'http://127.0.0.1:5173'])('null')).toBe(false)
  })

  it('ignores list entries that are not origins, such as a wildcard', () => {
    const check = createOriginCheck(['*', '', 'not a url'])
    for (const origin of ['*', '', 'not a url', 'https://evil.example']) expect(check(origin)).toBe(false)
  })

  it('allows nothing with an empty list', () => {
    expect(createOriginCheck([])('http://127.0.0.1:5173')).toBe(false)
  })
})
