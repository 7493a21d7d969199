import { LIMITS, TIME, type WalletListingEntry } from '@walletframe/protocol'
import { useEffect, useMemo, useState } from 'react'
import { useSession, useSessionState } from '../core/index.ts'
import { appendPage } from './registry-lists.ts'

export interface RegistryPages {
  /** Registry wallets for the list: the pages loaded so far, or the search results. */
  entries: WalletListingEntry[]
  state: 'off' | 'loading' | 'loaded' | 'error'
  hasMore: boolean
  loadMore(): void
}

/** AllWallets' registry part: 40 a page, or a search of 100 entries 300 ms after the last key. */
export function useRegistryWallets(query: string): RegistryPages {
  const session = useSession()
  const registry = session.registry()
  const available = useSessionState((s) => s.dataAvailable && s.walletConnect.available)
  const [search, setSearch] = useState(query.trim())
  const [pages, setPages] = useState<{ entries: WalletListingEntry[]; page: number; count: number }>({
    entries: [],
    page: 0,
    count: Number.POSITIVE_INFINITY,
  })
  const [found, setFound] = useState<{ search: string; entries: WalletListingEntry[] } | undefined>()
  const [state, setState] = useState<RegistryPages['state']>(available ? 'loading' : 'off')
  const [wanted, setWanted] = useState(1)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), TIME.walletSearchDebounceMs)
    return () => clearTimeout(timer)
  }, [query])

  useEffect(() => {
    if (available) void registry?.loadHighlights()
  }, [available, registry])

  // Pages, while not searching.
  useEffect(() => {
    if (!registry || !available || search || wanted <= pages.page) return
    let live = true
    setState('loading')
    registry.fetch({ page: wanted }).then(
      (answer) => {
        if (!live) return
        setPages((known) => ({
          entries: appendPage(known.entries, answer.data),
          page: wanted,
          count: answer.count,
        }))
        setState('loaded')
      },
      () => live && setState('error'),
    )
    return () => {
      live = false
    }
  }, [registry, available, search, wanted, pages.page])

  // A search, once the typing pauses.
  useEffect(() => {
    if (!registry || !available || !search) return
    let live = true
    setState('loading')
    registry.fetch({ page: 1, search }).then(
      (answer) => {
        if (!live) return
        setFound({ search, entries: answer.data.slice(0, LIMITS.walletSearchEntries) })
        setState('loaded')
      },
      () => live && setState('error'),
    )
    return () => {
      live = false
    }
  }, [registry, available, search])

  return useMemo(() => {
    if (!available) return { entries: [], state: 'off', hasMore: false, loadMore: () => undefined }
    const searching = search !== ''
    return {
      entries: searching ? (found?.search === search ? found.entries : []) : pages.entries,
      state,
      hasMore: !searching && state === 'loaded' && pages.entries.length < pages.count,
      loadMore: () => setWanted(pages.page + 1),
    }
  }, [available, search, found, pages, state])
}
