/**
 * The registry inside the real API app (CORS, project check, error answers), on either storage
 * backend: what the tests and the benchmark drive. Not imported by production code.
 */

import type { Database } from '@walletframe/db'
import { startTestPostgres } from '@walletframe/testing/postgres'
import type { Hono } from 'hono'
import { createApiApp } from '../app.ts'
import { TtlCache } from '../cache.ts'
import { tablePriceSource } from '../chain/prices.ts'
import { type ApiConfig, resolveRateLimits } from '../config.ts'
import type { ApiContext, ApiEnv } from '../context.ts'
import { openDatabase } from '../db/open.ts'
import { createApiLimits } from '../middleware/rate-limit/rate-limit.ts'
import type { RegistryDeps } from './routes.ts'

export const TEST_PROJECT = 'registry-test'
/** A project whose row in analytics_settings turns analytics off. */
export const QUIET_PROJECT = 'registry-quiet'
export const MODAL_ORIGIN = 'http://127.0.0.2:5174'
export const CLIENT = `projectId=${TEST_PROJECT}&st=walletframe&sv=0.1.0`

export type Backend = 'pglite' | 'postgres'

export interface TestStorage {
  db: Database
  close(): Promise<void>
}

/** A migrated, empty database: PGlite in memory, or a throwaway Postgres database. */
export async function openTestStorage(backend: Backend): Promise<TestStorage> {
  if (backend === 'pglite') {
    const db = await openDatabase({})
    return { db, close: () => db.close() }
  }
  const postgres = await startTestPostgres()
  try {
    const db = await openDatabase({ databaseUrl: postgres.url })
    return {
      db,
      async close() {
        await db.close()
        await postgres.close()
      },
    }
  } catch (error) {
    await postgres.close()
    throw error
  }
}

export function testApiConfig(): ApiConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    chains: [],
    solanaNetworks: [],
    projects: [
      { projectId: TEST_PROJECT, allowedOrigins: [MODAL_ORIGIN] },
      { projectId: QUIET_PROJECT, allowedOrigins: [MODAL_ORIGIN] },
    ],
    prices: {},
    indexer: { enabled: false, pollIntervalMs: 1_000, blockBatchSize: 100 },
    cache: { balanceMs: 30_000, identityMs: 300_000 },
    rateLimits: resolveRateLimits({}),
  }
}

/** The API app with the registry mounted the way the API mounts it. */
export function registryApp(
  db: Database,
  options: Omit<RegistryDeps, 'db' | 'eventsPerIp' | 'clientIp'> = {},
  config: ApiConfig = testApiConfig(),
  limits = createApiLimits(config.rateLimits),
): Hono<ApiEnv> {
  const context: ApiContext = {
    config,
    db,
    chains: new Map(),
    solana: new Map(),
    prices: tablePriceSource({}),
    swaps: new Map(),
    limits,
    caches: {
      balance: new TtlCache<string>(config.cache.balanceMs),
      identity: new TtlCache<string>(config.cache.identityMs),
    },
  }
  return createApiApp(context, { registry: options })
}
