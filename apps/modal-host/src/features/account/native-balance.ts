/**
 * The connected account's native balance (spec §4 "Balance fetching"), read through `read` (the
 * data API's JSON-RPC endpoint, or the network's own RPC: features/rpc/rpc-reader.ts).
 * An answer for an account no longer shown is dropped. A failure shows "Balance unavailable" and is
 * retried by itself once the spec's 30 s block has passed (again and again while the RPC is down),
 * so the balance comes back without the user doing anything when the chain is reachable again.
 * With a `tokens` entry for the network (spec §3 Settings) the header's token is read alongside.
 *
 * Spec §9 "Cache lifetimes: portfolio and native balance 30 s": `load` (an account or network
 * shown) answers from a read less than TIME.balanceCacheMs old, per address and chain, kept in the
 * modal's memory; `refresh` (after a send, swap, purchase or the wallet's own transaction) drops
 * that entry and reads again.
 */
import { type Network, TIME } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import type { RpcRead } from '../rpc/index.ts'
import { cacheKey } from './cache.ts'
import { createHeaderTokens } from './header-token.ts'

type Loaded = SessionState['balance'] & { state: 'loaded' }

export function createNativeBalance(context: {
  store: Store<SessionState>
  findNetwork(chainId: number | undefined): Network | undefined
  read: RpcRead
  /** spec §3 Settings `tokens`: the ERC-20 the header shows on `network`, if the integrator named one. */
  token?(network: Network): string | undefined
  log(message: string): void
  now?: () => number
}) {
  const { store } = context
  const now = context.now ?? Date.now
  const tokens = createHeaderTokens(context.read)
  const cache = new Map<string, { at: number; balance: Loaded }>()
  let retry: ReturnType<typeof setTimeout> | undefined
  const read = async (useCache: boolean): Promise<void> => {
    clearTimeout(retry)
    retry = undefined
    const { account, balance: shown } = store.get()
    const network = context.findNetwork(account.chainId)
    if (account.status !== 'connected' || !account.address || !network)
      return store.set({ balance: { state: 'idle' } })
    const key = cacheKey(account.address, network.id)
    const cached = cache.get(key)
    const age = cached ? now() - cached.at : Number.NaN
    // A clock set back (age < 0) does not make an old read fresh.
    if (useCache && cached && age >= 0 && age < TIME.balanceCacheMs)
      return store.set({ balance: cached.balance })
    cache.delete(key)
    // The last value stays on screen while the new one loads.
    store.set({
      balance: {
        state: 'loading',
        ...(shown.value === undefined ? {} : { value: shown.value }),
        ...(shown.token ? { token: shown.token } : {}),
      },
    })
    try {
      const token = context.token?.(network)
      const [hex, header] = await Promise.all([
        context.read(network, 'eth_getBalance', [account.address, 'latest']),
        token ? tokens.read(network, token, account.address) : undefined,
      ])
      const balance: Loaded = {
        state: 'loaded',
        value: BigInt(String(hex)),
        ...(header ? { token: header } : {}),
      }
      cache.set(key, { at: now(), balance })
      if (store.get().account.address === account.address) store.set({ balance })
    } catch (error) {
      context.log(`balance fetch failed: ${(error as Error).message}`)
      if (store.get().account !== account) return
      store.set({ balance: { state: 'error' } })
      retry = setTimeout(() => void read(false), TIME.balanceRetryIntervalMs)
    }
  }
  return {
    /** Shows the balance of the account and network now shown: from the cache while it is fresh. */
    load: () => read(true),
    /** Reads the balance again, whatever the cache holds (after a transaction of this account). */
    refresh: () => read(false),
  }
}
