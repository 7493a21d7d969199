import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  FORCE_UPDATE_INTERVAL,
  NATIVE_TOKEN_ADDRESS,
  RATE_LIMITS,
  SANDBOX_DEV_API_KEY,
} from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DATA_DIR, resolveApiConfig } from './config.ts'

const fixtures = {
  31337: {
    tokens: [
      {
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        name: 'Devnet USD',
        symbol: 'dUSD',
        decimals: 6,
      },
      {
        address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
        name: 'Zero Decimals',
        symbol: 'ZERO',
        decimals: 0,
      },
    ],
    nfts: [
      {
        address: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
        name: 'Devnet Punks',
        symbol: 'DPUNK',
        spam: false,
      },
      {
        address: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
        name: 'Claim Rewards',
        symbol: 'SPAM',
        spam: true,
      },
    ],
    startBlock: 1n,
  },
}

describe('resolveApiConfig', () => {
  it('defaults to the stack devnet, the dev project and PGlite under .data/api', () => {
    const config = resolveApiConfig({})
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 5176,
      dataDir: DEFAULT_DATA_DIR,
      databaseUrl: undefined,
    })
    expect(DEFAULT_DATA_DIR).toMatch(/\/\.data\/api$/)
    expect(config.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl])).toEqual([
      ['eip155:31337', 'http://127.0.0.1:8545'],
      ['eip155:31338', 'http://127.0.0.1:8546'],
    ])
    // The devnet is a testnet whose balances are served anyway (see ChainConfig.pricedBalances).
    expect(config.chains.every((chain) => chain.testnet && chain.pricedBalances)).toBe(true)
    expect(config.projects).toEqual([
      {
        projectId: 'walletframe-dev',
        allowedOrigins: [resolveStackConfig({}).modal.origin],
        // Wallet sign-in (docs/sign-in.md) for the demo dapp.
        signInOrigins: [resolveStackConfig({}).dapp.origin],
      },
    ])
  })

  it('reads the environment', () => {
    const config = resolveApiConfig({
      WF_API_HOST: '0.0.0.0',
      WF_API_PORT: '7000',
      WF_API_DATA_DIR: '/tmp/wf-data',
      DATABASE_URL: 'postgres://localhost/wf',
      WF_API_DEVNET_BALANCES: 'false',
      WF_API_INDEXER: 'false',
      WF_MODAL_ORIGIN: 'https://modal.example',
    })
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 7000,
      dataDir: '/tmp/wf-data',
      databaseUrl: 'postgres://localhost/wf',
      indexer: { enabled: false },
    })
    expect(config.chains.some((chain) => chain.pricedBalances)).toBe(false)
    expect(config.projects[0]?.allowedOrigins).toEqual(['https://modal.example'])
    expect(() => resolveApiConfig({ WF_API_PORT: '99999' })).toThrow(/WF_API_PORT/)
  })

  it('reads the chains the built-in swap provider serves from WF_API_SWAP_CHAINS', () => {
    expect(resolveApiConfig({}).swapChains).toBeUndefined()
    expect(resolveApiConfig({ WF_API_SWAP_CHAINS: '31337, 31338' }).swapChains).toEqual([31337, 31338])
    expect(resolveApiConfig({ WF_API_SWAP_CHAINS: 'none' }).swapChains).toEqual([])
    for (const bad of ['eth', '1,x', '-1', '1.5'])
      expect(() => resolveApiConfig({ WF_API_SWAP_CHAINS: bad })).toThrow(/WF_API_SWAP_CHAINS/)
  })

  it('reads the request limits and REDIS_URL, with defaults from the protocol', () => {
    const defaults = resolveApiConfig({})
    expect(defaults.rateLimits).toEqual({
      perIp: { capacity: RATE_LIMITS.apiPerIp.perMinute, refillPerMinute: RATE_LIMITS.apiPerIp.perMinute },
      perProject: {
        capacity: RATE_LIMITS.apiPerProject.perMinute,
        refillPerMinute: RATE_LIMITS.apiPerProject.perMinute,
      },
      eventsPerIp: {
        capacity: RATE_LIMITS.apiEventsPerIp.perMinute,
        refillPerMinute: RATE_LIMITS.apiEventsPerIp.perMinute,
      },
      forceUpdateSeconds: FORCE_UPDATE_INTERVAL.seconds,
      forceUpdatePerIp: {
        capacity: RATE_LIMITS.apiForceUpdatePerIp.perMinute,
        refillPerMinute: RATE_LIMITS.apiForceUpdatePerIp.perMinute,
      },
      trustedProxyHops: 0,
    })
    expect(defaults.redisUrl).toBeUndefined()
    const config = resolveApiConfig({
      WF_API_RATE_LIMIT_PER_IP: '60',
      WF_API_RATE_LIMIT_PER_PROJECT: '600',
      WF_API_EVENTS_PER_IP: '6',
      WF_API_FORCE_UPDATE_INTERVAL: '30',
      WF_API_FORCE_UPDATE_PER_IP: '12',
      WF_TRUSTED_PROXY_HOPS: '1',
      REDIS_URL: 'redis://127.0.0.1:6379',
    })
    expect(config.rateLimits).toMatchObject({
      perIp: { capacity: 60 },
      perProject: { capacity: 600 },
      eventsPerIp: { refillPerMinute: 6 },
      forceUpdateSeconds: 30,
      forceUpdatePerIp: { capacity: 12 },
      trustedProxyHops: 1,
    })
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379')
    expect(() => resolveApiConfig({ WF_API_RATE_LIMIT_PER_IP: '0' })).toThrow(/WF_API_RATE_LIMIT_PER_IP/)
    expect(() => resolveApiConfig({ WF_API_FORCE_UPDATE_INTERVAL: '1.5' })).toThrow(
      /WF_API_FORCE_UPDATE_INTERVAL/,
    )
  })

  it('takes tokens, spam contracts, start block and prices from the devnet fixtures', () => {
    const [chain] = resolveApiConfig({}, { fixtures }).chains
    expect(chain?.tokens.map((token) => token.address)).toEqual([
      '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9',
    ])
    expect(chain?.spamContracts).toEqual(['0x5fc8d32690cc91d4c39d9d3abcbd16989f875707'])
    expect(chain?.startBlock).toBe(1)
    const { prices } = resolveApiConfig({}, { fixtures })
    expect(prices).toMatchObject({
      [`eip155:31337:${NATIVE_TOKEN_ADDRESS}`]: 3000,
      'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3': 1,
    })
  })

  it('adds projects from WF_API_PROJECTS_FILE and refuses bad ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wf-api-config-'))
    try {
      const file = join(dir, 'projects.json')
      await writeFile(
        file,
        JSON.stringify([{ projectId: 'acme', allowedOrigins: ['https://modal.acme.example/'] }]),
      )
      expect(resolveApiConfig({ WF_API_PROJECTS_FILE: file }).projects[1]).toEqual({
        projectId: 'acme',
        allowedOrigins: ['https://modal.acme.example'],
      })
      for (const [bad, message] of [
        ['{}', /WF_API_PROJECTS_FILE .*projects\.json: expected an array/],
        ['[{"projectId": "", "allowedOrigins": ["https://a.example"]}]', /\[0\]: projectId must be/],
        ['[{"projectId": "x", "allowedOrigins": []}]', /\[0\]: allowedOrigins must be a non-empty array/],
        ['[{"projectId": "x", "allowedOrigins": ["null"]}]', /\[0\]: "null" is not an http\(s\) origin/],
        ['[{"projectId": "x", "allowedOrigins": ["file:///etc"]}]', /\[0\]: "file:\/\/\/etc" is not an http/],
        [
          '[{"projectId": "walletframe-dev", "allowedOrigins": ["https://a.example"]}]',
          /duplicate projectId "walletframe-dev"/,
        ],
        ['not json', /cannot read it as JSON/],
      ] as const) {
        await writeFile(file, bad)
        expect(() => resolveApiConfig({ WF_API_PROJECTS_FILE: file }), bad).toThrow(message)
      }
      expect(() => resolveApiConfig({ WF_API_PROJECTS_FILE: join(dir, 'absent.json') })).toThrow(
        /WF_API_PROJECTS_FILE .*absent\.json: cannot read it/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('names the on-ramp sandbox of the stack outside production, none in production, and refuses others', () => {
    expect(resolveApiConfig({}).onRamp).toEqual({
      provider: 'sandbox',
      url: 'http://127.0.0.1:5181',
      apiKey: SANDBOX_DEV_API_KEY,
    })
    expect(
      resolveApiConfig({
        WF_ONRAMP_SANDBOX_URL: 'http://sandbox.example:9000',
        WF_ONRAMP_SANDBOX_API_KEY: 'sk_other',
      }).onRamp,
    ).toEqual({ provider: 'sandbox', url: 'http://sandbox.example:9000', apiKey: 'sk_other' })
    expect(resolveApiConfig({ WF_ONRAMP_SANDBOX_PORT: '7000' }).onRamp).toMatchObject({
      url: 'http://127.0.0.1:7000',
    })
    expect(resolveApiConfig({ NODE_ENV: 'production' }).onRamp).toEqual({ provider: 'none' })
    expect(resolveApiConfig({ WF_ONRAMP_PROVIDER: 'none' }).onRamp).toEqual({ provider: 'none' })
    expect(() => resolveApiConfig({ WF_ONRAMP_PROVIDER: 'moonpay' })).toThrow(
      /WF_ONRAMP_PROVIDER must be sandbox or none/,
    )
    expect(() => resolveApiConfig({ WF_ONRAMP_SANDBOX_URL: 'ftp://x' })).toThrow(/WF_ONRAMP_SANDBOX_URL/)
  })
})
