import { describe, expect, it } from 'vitest'
import {
  type ProjectBootstrap,
  parseBundlerUrls,
  parseProjectBootstrap,
  serializeProjectBootstrap,
} from './bootstrap.ts'

const OK: ProjectBootstrap = {
  status: 'ok',
  projectId: 'walletframe-dev',
  allowedOrigins: ['http://127.0.0.1:5173'],
  relayUrl: 'ws://127.0.0.1:5175',
  apiUrl: 'http://127.0.0.1:5176',
  bundlerUrls: { '31337': 'http://127.0.0.1:4337' },
}

describe('project bootstrap', () => {
  it('reads back what the server wrote', () => {
    expect(parseProjectBootstrap(serializeProjectBootstrap(OK))).toEqual(OK)
    expect(parseProjectBootstrap(serializeProjectBootstrap({ status: 'unknown' }))).toEqual({
      status: 'unknown',
    })
  })

  it('keeps "</script>" and "<!--" in values from ending the script element', () => {
    const tricky: ProjectBootstrap = { ...OK, projectId: '</script><!--<b>x' }
    const text = serializeProjectBootstrap(tricky)
    expect(text).not.toContain('<')
    expect(parseProjectBootstrap(text)).toEqual(tricky)
  })

  it.each([
    ['no element', null],
    ['an empty element', ''],
    ['not JSON', '{'],
    ['no status', '{"projectId":"x"}'],
    ['an unknown status', '{"status":"maybe"}'],
    ['ok without origins', '{"status":"ok","projectId":"x"}'],
    ['an array', '[]'],
  ])('treats %s as a missing project', (_what, text) => {
    expect(parseProjectBootstrap(text)).toEqual({ status: 'missing' })
  })

  it('drops a relay or API URL of the wrong kind and keeps the project', () => {
    const text = JSON.stringify({ ...OK, relayUrl: 'http://relay.example', apiUrl: 'javascript:alert(1)' })
    expect(parseProjectBootstrap(text)).toEqual({
      status: 'ok',
      projectId: OK.projectId,
      allowedOrigins: OK.allowedOrigins,
      relayUrl: undefined,
      apiUrl: undefined,
      bundlerUrls: OK.bundlerUrls,
    })
  })

  it('reads the API URL without trailing slashes', () => {
    const text = JSON.stringify({ ...OK, apiUrl: 'https://api.example/v/' })
    expect(parseProjectBootstrap(text)).toMatchObject({ apiUrl: 'https://api.example/v' })
  })

  it('drops bundler URLs with a bad chain id or URL, keeping the project', () => {
    for (const bundlerUrls of [
      { '0x1': 'http://b.example' },
      { '1': 'ws://b.example' },
      ['http://b.example'],
    ]) {
      expect(parseProjectBootstrap(JSON.stringify({ ...OK, bundlerUrls }))).toMatchObject({
        status: 'ok',
        bundlerUrls: undefined,
      })
    }
  })
})

describe('WF_BUNDLER_URLS', () => {
  it('reads chain id = URL pairs', () => {
    expect(parseBundlerUrls('31337=http://127.0.0.1:4337, 1=https://bundler.example/rpc?key=a=b')).toEqual({
      '31337': 'http://127.0.0.1:4337',
      '1': 'https://bundler.example/rpc?key=a=b',
    })
    expect(parseBundlerUrls('')).toEqual({})
  })

  it.each(['31337', '=http://a.example', 'mainnet=http://a.example', '1=ftp://a.example', '1=nonsense'])(
    'refuses %j, naming the expected form',
    (text) => {
      expect(() => parseBundlerUrls(text)).toThrow(/<chainId>=<http\(s\) URL>/)
    },
  )
})
