import { type ApiConfig, resolveApiConfig } from '../config.ts'
import { type RunningApi, startApi } from '../server.ts'
import type { TestDevnet } from './devnet.ts'

export interface TestStorage {
  databaseUrl?: string | undefined
  /** PGlite folder; with neither, PGlite keeps the database in memory. */
  dataDir?: string | undefined
}

/** The API on a free port against a test devnet, polling fast so tests wait little. */
export function testApiConfig(
  devnet: TestDevnet,
  storage: TestStorage,
  overrides: Partial<ApiConfig> = {},
): ApiConfig {
  const base = resolveApiConfig({}, { stack: devnet.stack, fixtures: devnet.fixtures })
  return {
    ...base,
    host: '127.0.0.1',
    port: 0,
    dataDir: storage.dataDir,
    databaseUrl: storage.databaseUrl,
    indexer: { ...base.indexer, pollIntervalMs: 50 },
    ...overrides,
  }
}

export function startTestApi(
  devnet: TestDevnet,
  storage: TestStorage,
  overrides: Partial<ApiConfig> = {},
): Promise<RunningApi> {
  return startApi({ config: testApiConfig(devnet, storage, overrides), log: () => {} })
}
