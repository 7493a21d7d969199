import { bitcoin, bitcoinTestnet } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { resolveApiConfig } from '../config.ts'
import { resolveEsploraUrls } from './config.ts'

describe('WF_ESPLORA_URLS', () => {
  it('maps each Bitcoin network to its Esplora API, without a trailing slash', () => {
    const env = {
      WF_ESPLORA_URLS: ` ${bitcoin.caipNetworkId}=https://esplora.example/api/ , ${bitcoinTestnet.caipNetworkId}=http://127.0.0.1:3002`,
    }
    expect(resolveEsploraUrls(env)).toEqual({
      [bitcoin.caipNetworkId]: 'https://esplora.example/api',
      [bitcoinTestnet.caipNetworkId]: 'http://127.0.0.1:3002',
    })
    expect(resolveApiConfig(env).esploraUrls).toEqual(resolveEsploraUrls(env))
  })

  it('configures none by default: the repo has no Bitcoin node offline', () => {
    expect(resolveEsploraUrls({})).toEqual({})
    expect(resolveApiConfig({}).esploraUrls).toEqual({})
  })

  it.each([
    ['no =', 'https://esplora.example/api', /does not start with a Bitcoin network/],
    [
      'an unknown network',
      'bip122:00000000da84f2bafbbc53dee25a72ae=https://x.example',
      /does not start with a Bitcoin network/,
    ],
    ['an eip155 network', 'eip155:1=https://x.example', /does not start with a Bitcoin network/],
    ['no URL', `${bitcoin.caipNetworkId}=`, /has no http\(s\) URL/],
    ['another scheme', `${bitcoin.caipNetworkId}=ftp://x.example`, /has no http\(s\) URL/],
    [
      'a network twice',
      `${bitcoin.caipNetworkId}=https://a.example,${bitcoin.caipNetworkId}=https://b.example`,
      /listed twice/,
    ],
  ])('fails the start-up on %s, naming it', (_what, value, message) => {
    expect(() => resolveEsploraUrls({ WF_ESPLORA_URLS: value })).toThrow(message)
  })
})
