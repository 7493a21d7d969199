import type { Database } from '@walletframe/db'
import {
  type GetWalletsQuery,
  type GetWalletsResponse,
  REGISTRY_LIMITS,
  type WalletListingEntry,
} from '@walletframe/protocol'
import { TtlCache } from '../cache.ts'
import { type RegistryWallet, seedRegistry } from './seed.ts'

interface CatalogWallet {
  entry: WalletListingEntry
  /** The name as `search` is compared with it. */
  searchName: string
  chains: ReadonlySet<string>
}

export interface CatalogSnapshot {
  /** In listing order: certified first, then by rank, then by id. */
  wallets: readonly CatalogWallet[]
  byId: ReadonlyMap<string, CatalogWallet>
  byImageId: ReadonlyMap<string, WalletListingEntry>
}

export interface WalletCatalogOptions {
  /** How long a snapshot of the table is served before it is read again. */
  ttlMs?: number
  /** Insert the generated wallets on first use (default true). */
  seed?: boolean
}

/** Search text and names compared alike: compatibility forms folded, case ignored. */
export const normalizeSearch = (text: string) => text.normalize('NFKC').toLowerCase().trim()

/**
 * The registry table held in memory. A few hundred wallets fit in well under a megabyte, and
 * PGlite answers one query at a time, so every /getWallets is answered from a snapshot that is
 * re-read after `ttlMs` (changes to the table show up within that time) instead of from SQL.
 */
export class WalletCatalog {
  readonly #db: Database
  readonly #cache: TtlCache<CatalogSnapshot>
  readonly #seed: boolean
  #seeded: Promise<void> | undefined

  constructor(db: Database, options: WalletCatalogOptions = {}) {
    this.#db = db
    this.#cache = new TtlCache<CatalogSnapshot>(options.ttlMs ?? 60_000, 1)
    this.#seed = options.seed ?? true
  }

  /** Concurrent first requests share one seed and one load (TtlCache's in-flight sharing). */
  snapshot(): Promise<CatalogSnapshot> {
    return this.#cache.getOrLoad('snapshot', () => this.#load())
  }

  async list(query: GetWalletsQuery): Promise<GetWalletsResponse> {
    return selectWallets(await this.snapshot(), query)
  }

  async #load(): Promise<CatalogSnapshot> {
    if (this.#seed) {
      this.#seeded ??= seedRegistry(this.#db).then(
        () => undefined,
        (error: unknown) => {
          // A failed seed is tried again by the next request rather than remembered forever.
          this.#seeded = undefined
          throw error
        },
      )
      await this.#seeded
    }
    const rows = await this.#db.query<Omit<RegistryWallet, 'rank'>>(
      `SELECT id, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, badge_type
         FROM registry_wallets
        ORDER BY (badge_type = 'certified') DESC, rank, id`,
    )
    const wallets = rows.map((row): CatalogWallet => {
      const entry: WalletListingEntry = {
        id: row.id,
        name: row.name,
        image_id: row.image_id,
        rdns: row.rdns,
        chains: row.chains,
        mobile_link: row.mobile_link,
        desktop_link: row.desktop_link,
        webapp_link: row.webapp_link,
        badge_type: row.badge_type,
        installed: false,
      }
      return { entry, searchName: normalizeSearch(row.name), chains: new Set(row.chains) }
    })
    return {
      wallets,
      byId: new Map(wallets.map((wallet) => [wallet.entry.id, wallet])),
      byImageId: new Map(wallets.map((wallet) => [wallet.entry.image_id, wallet.entry])),
    }
  }
}

/**
 * The filters of `GET /getWallets`, in the snapshot's order. A search keeps at most
 * REGISTRY_LIMITS.searchResults matches (spec §9), and `count` reports what was kept, so paging
 * through a search never runs past its last result.
 */
export function selectWallets(snapshot: CatalogSnapshot, query: GetWalletsQuery): GetWalletsResponse {
  const search = query.search === undefined ? '' : normalizeSearch(query.search)
  const include = query.include?.length ? new Set(query.include) : undefined
  const exclude = query.exclude?.length ? new Set(query.exclude) : undefined
  const chains = query.chains?.length ? query.chains : undefined
  const limit = search ? REGISTRY_LIMITS.searchResults : Number.POSITIVE_INFINITY

  const matches: WalletListingEntry[] = []
  for (const wallet of snapshot.wallets) {
    if (matches.length >= limit) break
    if (include && !include.has(wallet.entry.id)) continue
    if (exclude?.has(wallet.entry.id)) continue
    if (query.badge_type !== undefined && wallet.entry.badge_type !== query.badge_type) continue
    if (chains && !chains.some((chain) => wallet.chains.has(chain))) continue
    if (search && !wallet.searchName.includes(search)) continue
    matches.push(wallet.entry)
  }
  const start = (query.page - 1) * query.entries
  return { data: matches.slice(start, start + query.entries), count: matches.length }
}
