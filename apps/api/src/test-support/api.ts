/**
 * The data API as the HTTP tests drive it: on each storage backend (PGlite on disk, a throwaway
 * Postgres), against a test devnet with its fixtures, through `app.request()` (the whole hono
 * stack, no socket).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_ERROR_CODES, ApiErrorBodySchema } from '@walletframe/protocol'
import { perMinute } from '@walletframe/rate-limit'
import { startTestPostgres } from '@walletframe/testing/postgres'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import { type ApiConfig, type ApiRateLimits, resolveApiConfig, resolveRateLimits } from '../config.ts'
import type { OnRampProvider } from '../onramp/provider.ts'
import { type RunningApi, startApi } from '../server.ts'
import { startTestDevnet, type TestDevnet } from './devnet.ts'

export interface TestStorage {
  databaseUrl?: string | undefined
  /** PGlite folder; with neither, PGlite keeps the database in memory. */
  dataDir?: string | undefined
}

export interface TestBackend {
  name: string
  start(): Promise<{ storage: TestStorage; close(): Promise<void> }>
}

/** Every HTTP suite runs once per backend: `describe.each(TEST_BACKENDS)('… on $name', …)`. */
export const TEST_BACKENDS: TestBackend[] = [
  {
    name: 'PGlite',
    async start() {
      const dir = await mkdtemp(join(tmpdir(), 'wf-api-pglite-'))
      return { storage: { dataDir: dir }, close: () => rm(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'Postgres',
    async start() {
      const postgres = await startTestPostgres()
      return { storage: { databaseUrl: postgres.url }, close: () => postgres.close() }
    },
  },
]

/** The stack's dev project, which the API always serves. */
export const TEST_PROJECT = 'walletframe-dev'
export const TEST_CLIENT = { projectId: TEST_PROJECT, st: 'appkit', sv: 'html-wagmi-1.7.0' }

/** The query string of a call: the client parameters plus `extra`. */
export function clientQuery(extra: Record<string, string> = {}, base: Record<string, string> = TEST_CLIENT) {
  return new URLSearchParams({ ...base, ...extra }).toString()
}

/** An account no test has used yet. */
export function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address
}

/**
 * Every test client is one address (127.0.0.1, or `unknown` through app.request), so the request
 * limits are sized for a suite and a benchmark rather than one person; the limits themselves are
 * tested with the defaults in middleware/rate-limit and abuse.test.ts.
 */
export const SUITE_RATE_LIMITS: ApiRateLimits = {
  ...resolveRateLimits({}),
  perIp: perMinute(1_000_000),
  perProject: perMinute(1_000_000),
  eventsPerIp: perMinute(1_000_000),
}

/** The API on a free port against a test devnet (none: no chains), polling fast so tests wait little. */
export function testApiConfig(
  devnet: TestDevnet | undefined,
  storage: TestStorage,
  overrides: Partial<ApiConfig> = {},
): ApiConfig {
  const base = devnet
    ? resolveApiConfig({}, { stack: devnet.stack, fixtures: devnet.fixtures })
    : { ...resolveApiConfig({}), chains: [], solanaNetworks: [], prices: {} }
  return {
    ...base,
    host: '127.0.0.1',
    port: 0,
    dataDir: storage.dataDir,
    databaseUrl: storage.databaseUrl,
    indexer: { ...base.indexer, enabled: devnet !== undefined, pollIntervalMs: 50 },
    rateLimits: SUITE_RATE_LIMITS,
    ...overrides,
  }
}

export function startTestApi(
  devnet: TestDevnet | undefined,
  storage: TestStorage,
  overrides: Partial<ApiConfig> = {},
  onRamp?: OnRampProvider,
): Promise<RunningApi> {
  return startApi({
    config: testApiConfig(devnet, storage, overrides),
    log: () => {},
    ...(onRamp ? { onRamp } : {}),
  })
}

export interface TestApi {
  readonly api: RunningApi
  /** Throws in a suite started with `{ devnet: false }`. */
  readonly devnet: TestDevnet
  /** Starts the API again on the same devnet and storage (after `api.close()`). */
  restart(): Promise<void>
  request(path: string, init?: RequestInit): Promise<Response>
  json(path: string, init?: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }>
  /** A client error: 4xx, `{ code, message }` and nothing else, with a catalogue code. */
  expectClientError(
    path: string,
    init?: RequestInit,
    code?: string,
  ): Promise<{ code: string; message: string }>
}

/**
 * Starts the backend's storage, a devnet (unless `devnet: false`) and the API before the enclosing
 * describe's tests, and closes them after.
 */
export function useTestApi(
  backend: TestBackend,
  options: {
    devnet?: boolean
    /** The on-ramp provider, made once the devnet runs (none: the config's, unreachable in tests). */
    onRamp?: (devnet: TestDevnet | undefined) => Promise<OnRampProvider>
  } = {},
): TestApi {
  let api: RunningApi | undefined
  let devnet: TestDevnet | undefined
  let storage: Awaited<ReturnType<TestBackend['start']>> | undefined
  let onRamp: OnRampProvider | undefined
  const running = () => api ?? expect.fail('the test API is not running')

  beforeAll(async () => {
    ;[devnet, storage] = await Promise.all([
      options.devnet === false ? undefined : startTestDevnet(),
      backend.start(),
    ])
    onRamp = await options.onRamp?.(devnet)
    api = await startTestApi(devnet, storage.storage, {}, onRamp)
  })
  afterAll(async () => {
    await api?.close()
    await Promise.all([devnet?.close(), storage?.close()])
  })

  const suite: TestApi = {
    get api() {
      return running()
    },
    get devnet() {
      return devnet ?? expect.fail('this suite runs without a devnet')
    },
    async restart() {
      api = await startTestApi(devnet, storage?.storage ?? {}, {}, onRamp)
    },
    request: async (path, init) => running().app.request(path, init),
    async json(path, init) {
      const response = await suite.request(path, init)
      return { status: response.status, body: (await response.json()) as unknown, headers: response.headers }
    },
    async expectClientError(path, init, code) {
      const { status, body } = await suite.json(path, init)
      expect(status, path).toBeGreaterThanOrEqual(400)
      expect(status, path).toBeLessThan(500)
      const parsed = ApiErrorBodySchema.parse(body)
      expect(Object.keys(body as object).sort()).toEqual(['code', 'message'])
      expect(API_ERROR_CODES).toContain(parsed.code)
      if (code) expect(parsed.code, path).toBe(code)
      return parsed
    },
  }
  return suite
}
