/**
 * The wallet registry as the Connect and AllWallets views use it: the featured and recommended
 * lists (loaded once per modal), and pages and searches for AllWallets.
 */
import { LIMITS, type ModalInit, REGISTRY_LIMITS, type WalletListingEntry } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import { type DetectedWallets, featuredList, recommendedList } from '../connect/index.ts'
import { type ApiClient, registryIds } from '../core/index.ts'
import type { WalletListing } from '../walletconnect/index.ts'

export interface RegistryState {
  state: 'idle' | 'loading' | 'loaded' | 'error'
  featured: WalletListingEntry[]
  recommended: WalletListingEntry[]
}

export const REGISTRY_IDLE: RegistryState = { state: 'idle', featured: [], recommended: [] }

export function createRegistry(context: {
  api: ApiClient
  init: ModalInit
  store: Store<{ registry: RegistryState }>
  detected(): DetectedWallets
  log(message: string): void
}) {
  const { api, init, store } = context
  const featuredIds = registryIds(init.featuredWalletIds)
  const include = registryIds(init.includeWalletIds)
  const exclude = registryIds(init.excludeWalletIds)
  const chains = init.networks
    .map((network) => network.caipNetworkId)
    .filter((id) => id.startsWith('eip155:'))
    .slice(0, REGISTRY_LIMITS.maxChains)
  const base = { ...(include.length ? { include } : {}), ...(chains.length ? { chains } : {}) }

  return {
    async loadHighlights(): Promise<void> {
      if (store.get().registry.state !== 'idle') return
      store.set({ registry: { ...store.get().registry, state: 'loading' } })
      try {
        const detected = context.detected()
        const [featuredPage, recommendedPage] = await Promise.all([
          featuredIds.length
            ? api.wallets({
                page: 1,
                entries: Math.min(featuredIds.length, REGISTRY_LIMITS.maxEntries),
                include: featuredIds,
                ...(exclude.length ? { exclude } : {}),
              })
            : { data: [], count: 0 },
          // Extra entries make up for the detected wallets that are removed afterwards.
          api.wallets({
            ...base,
            page: 1,
            entries: Math.min(LIMITS.recommendedWallets + detected.ids.size + detected.rdns.size, 100),
            exclude: [...exclude, ...featuredIds],
          }),
        ])
        const featured = featuredList(featuredPage.data, featuredIds, detected)
        // spec §4 debug-style message: an id the registry does not know is a configuration slip.
        const known = new Set(featuredPage.data.map((entry) => entry.id))
        for (const id of featuredIds)
          if (!known.has(id)) context.log(`featuredWalletIds: no wallet "${id}" in the wallet registry`)
        store.set({
          registry: {
            state: 'loaded',
            featured,
            recommended: recommendedList(recommendedPage.data, featured, detected),
          },
        })
      } catch (error) {
        context.log(`wallet registry failed: ${(error as Error).message}`)
        store.set({ registry: { ...REGISTRY_IDLE, state: 'error' } })
      }
    },
    /** One page of the AllWallets list (40), or a search (100 entries, one page). */
    fetch(query: { page: number; search?: string }) {
      const search = query.search?.trim().slice(0, REGISTRY_LIMITS.maxSearchLength)
      return api.wallets({
        ...base,
        ...(exclude.length ? { exclude } : {}),
        page: search ? 1 : query.page,
        entries: search ? LIMITS.walletSearchEntries : LIMITS.walletsPerPage,
        ...(search ? { search } : {}),
      })
    },
    /** What the WalletConnect view needs of a registry wallet: name, image and deep links. */
    listing(entry: WalletListingEntry): WalletListing {
      return {
        id: entry.id,
        name: entry.name,
        image_url: api.walletImageUrl(entry.image_id),
        mobile_link: entry.mobile_link,
        desktop_link: entry.desktop_link,
        webapp_link: entry.webapp_link,
      }
    },
    imageUrl: (entry: WalletListingEntry) => api.walletImageUrl(entry.image_id),
  }
}
export type Registry = ReturnType<typeof createRegistry>
