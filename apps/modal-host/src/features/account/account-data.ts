/**
 * The Account tabs' data (spec §4 "Balance fetching", "Transaction list"; §9 caches): token
 * balances, identity and activity of the connected address on the connected chain, kept in the
 * session store. Views ask for loads; this decides whether a cache answers, whether a retry is
 * still blocked, and drops answers that arrive for an account or chain no longer shown.
 */
import {
  BalanceResponseSchema,
  type IdentityResponse,
  IdentityResponseSchema,
  type Network,
  TIME,
  type TokenBalance,
  type Transaction,
  UI_MESSAGES,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { ApiClient, HostStorage } from '../core/index.ts'
import { mergeTransactions } from './activity/transaction-groups.ts'
import { CACHE_KEYS, cacheKey, createStoredCache } from './cache.ts'
import { type AssetWallet, walletTokenBalances } from './tokens/wallet-assets.ts'

export interface AccountDataState {
  /** Whose data this is: `cacheKey(address, chainId)`, or undefined when disconnected. */
  key?: string
  /** `unsupported`: the data API does not serve the network (spec §7 supported-chains), not a testnet. */
  tokens: { state: 'idle' | 'loading' | 'loaded' | 'error' | 'unsupported'; balances: TokenBalance[] }
  identity?: IdentityResponse
  activity: {
    state: 'idle' | 'loading' | 'loaded' | 'error'
    transactions: Transaction[]
    /** The cursor of the next page; null when the last page is loaded (or after a failure). */
    next: string | null
    empty: boolean
  }
}

export const ACCOUNT_DATA_IDLE: AccountDataState = {
  tokens: { state: 'idle', balances: [] },
  activity: { state: 'idle', transactions: [], next: null, empty: false },
}

const isBalances = (value: unknown): value is TokenBalance[] =>
  BalanceResponseSchema.safeParse({ balances: value }).success
const isIdentity = (value: unknown): value is IdentityResponse =>
  IdentityResponseSchema.safeParse(value).success

export function createAccountData(context: {
  api: ApiClient
  storage: HostStorage
  store: Store<{ accountData: AccountDataState }>
  /** The connected account, or undefined. */
  current(): { address: string; chainId: number } | undefined
  /** The configured network of a chain id (its testnet flag, its native currency). */
  network(chainId: number): Network | undefined
  /** The connected wallet, asked for its own asset list first (wallet-assets.ts). */
  wallet(): AssetWallet | undefined
  toast(message: string): void
  log(message: string): void
  now?: () => number
}) {
  const now = context.now ?? Date.now
  const { api, store } = context
  const balanceCache = createStoredCache({
    storage: context.storage,
    storageKey: CACHE_KEYS.balance,
    ttlMs: TIME.balanceCacheMs,
    isValue: isBalances,
    now,
  })
  const identityCache = createStoredCache({
    storage: context.storage,
    storageKey: CACHE_KEYS.identity,
    ttlMs: TIME.identityCacheMs,
    isValue: isIdentity,
    now,
  })
  /** Account+network keys already told 'Token Balance Unavailable' for an unserved network. */
  const unsupportedToldFor = new Set<string>()
  /** spec §4: after a failed balance fetch, retries are blocked until this time. */
  let retryBlockedUntil = 0

  const currentKey = () => {
    const account = context.current()
    return account ? cacheKey(account.address, account.chainId) : undefined
  }
  /**
   * spec §7: the wallet's own list when it offers one (EIP-7811), else the network-support check,
   * then the data API. A network the API does not serve has no balances: 0.00 on a testnet (spec
   * §5), 'Token Balance Unavailable' otherwise (spec §8).
   */
  const readBalances = async (
    account: { address: string; chainId: number },
    forceUpdate: boolean | string,
  ): Promise<TokenBalance[] | 'unsupported'> => {
    const network = context.network(account.chainId)
    const wallet = context.wallet()
    if (wallet && network) {
      const own = await walletTokenBalances(wallet, { address: account.address, network }, context.log)
      if (own) return own
    }
    const served = await api.supportedChains()
    if (!served.http.includes(network?.caipNetworkId ?? `eip155:${account.chainId}`))
      return network?.testnet ? [] : 'unsupported'
    return api.balance(account.address, account.chainId, forceUpdate)
  }
  const state = () => store.get().accountData
  const update = (patch: Partial<AccountDataState>) =>
    store.set((s) => ({ accountData: { ...s.accountData, ...patch } }))

  /** Starts over when the account or chain changed (or after a disconnect); the caches stay. */
  const sync = (): string | undefined => {
    const key = currentKey()
    if (state().key !== key)
      store.set({ accountData: key ? { ...ACCOUNT_DATA_IDLE, key } : ACCOUNT_DATA_IDLE })
    return key
  }

  return {
    sync,
    /** Whether a balance fetch would be refused now (spec §4: blocked for 30 s after a failure). */
    retryBlocked: () => now() < retryBlockedUntil,

    /** `force`: past the cache, and the API reads the chain again (after a send, say). */
    async loadTokens(options: { force?: boolean } = {}): Promise<void> {
      const key = sync()
      const account = context.current()
      if (!key || !account) return
      const cached = options.force ? undefined : balanceCache.get(key)
      if (cached) return update({ tokens: { state: 'loaded', balances: cached } })
      if (now() < retryBlockedUntil) {
        if (state().tokens.state !== 'loaded') update({ tokens: { state: 'error', balances: [] } })
        return
      }
      if (state().tokens.state === 'loading') return
      update({ tokens: { state: 'loading', balances: state().tokens.balances } })
      try {
        const balances = await readBalances(account, options.force === true)
        if (balances === 'unsupported') {
          if (currentKey() !== key) return
          update({ tokens: { state: 'unsupported', balances: [] } })
          // Said once per account and network, not again on every opening of the tab.
          if (!unsupportedToldFor.has(key)) context.toast(UI_MESSAGES.tokenBalanceUnavailable)
          unsupportedToldFor.add(key)
          return
        }
        balanceCache.set(key, balances)
        if (currentKey() === key) update({ tokens: { state: 'loaded', balances } })
      } catch (error) {
        retryBlockedUntil = now() + TIME.balanceRetryIntervalMs
        context.log(`balance fetch failed: ${(error as Error).message}`)
        if (currentKey() !== key) return
        update({ tokens: { state: 'error', balances: [] } })
        context.toast(UI_MESSAGES.tokenBalanceUnavailable)
      }
    },

    /**
     * Reads the balances again past the caches, after a transaction of the user's: `forceUpdate` is
     * `true`, or the CAIP-10 address of a token just bought, which the answer then includes even
     * before the indexer saw it (issue 11). A failure keeps what is shown.
     */
    async refreshTokens(forceUpdate: true | string): Promise<void> {
      const key = sync()
      const account = context.current()
      if (!key || !account) return
      try {
        const balances = await readBalances(account, forceUpdate)
        if (balances === 'unsupported') return
        balanceCache.set(key, balances)
        if (currentKey() === key) update({ tokens: { state: 'loaded', balances } })
      } catch (error) {
        context.log(`balance refresh failed: ${(error as Error).message}`)
      }
    },

    /** `force`: asked of the API whatever the cache holds (a name was just registered). */
    async loadIdentity(options: { force?: boolean } = {}): Promise<void> {
      const key = sync()
      const account = context.current()
      if (!key || !account) return
      // Identity does not depend on the chain: one entry per address.
      const identityKey = account.address.toLowerCase()
      const cached = options.force ? undefined : identityCache.get(identityKey)
      if (cached) return update({ identity: cached })
      try {
        const identity = await api.identity(account.address)
        identityCache.set(identityKey, identity)
        if (currentKey() === key) update({ identity })
      } catch (error) {
        context.log(`identity fetch failed: ${(error as Error).message}`)
      }
    },

    /**
     * The first page when nothing is loaded yet, else the next one; nothing while a page is loading.
     * `newest`: fetch the first page again and merge it, so transfers made since show up (a repeated
     * id replaces the earlier entry), keeping the cursor of the older pages already loaded.
     */
    async loadActivity(options: { newest?: boolean } = {}): Promise<void> {
      const key = sync()
      const account = context.current()
      if (!key || !account) return
      const { activity } = state()
      if (activity.state === 'loading') return
      const newest = options.newest === true && activity.state === 'loaded'
      if (!newest && activity.state !== 'idle' && activity.next === null) return
      const cursor = activity.state === 'idle' || newest ? undefined : activity.next
      update({ activity: { ...activity, state: 'loading' } })
      try {
        const page = await api.history(account.address, {
          chainId: account.chainId,
          cursor: cursor ?? undefined,
        })
        if (currentKey() !== key) return
        const transactions = mergeTransactions(state().activity.transactions, page.data)
        const next = newest ? activity.next : page.next
        update({ activity: { state: 'loaded', transactions, next, empty: transactions.length === 0 } })
      } catch (error) {
        context.log(`history fetch failed: ${(error as Error).message}`)
        if (currentKey() !== key) return
        // spec §4: on failure the list is empty and the cursor cleared.
        update({ activity: { state: 'error', transactions: [], next: null, empty: true } })
        context.toast(UI_MESSAGES.failedToFetchTransactions)
      }
    },
  }
}
export type AccountData = ReturnType<typeof createAccountData>
