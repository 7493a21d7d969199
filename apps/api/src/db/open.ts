import { type Database, openDatabase as open, type StorageConfig } from '@walletframe/db'
import { migrate } from './migrate.ts'

export type { StorageConfig }

/** Opens the configured database and brings the API's schema up to date. */
export const openDatabase = (config: StorageConfig): Promise<Database> =>
  open(config, (db) => migrate(db), 'api')
