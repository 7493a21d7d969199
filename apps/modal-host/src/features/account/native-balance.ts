/**
 * The connected account's native balance (spec §4 "Balance fetching"), read through `read` (the
 * data API's JSON-RPC endpoint, or the network's own RPC: features/rpc/rpc-reader.ts).
 * An answer for an account no longer shown is dropped. A failure shows "Balance unavailable" and is
 * retried by itself once the spec's 30 s block has passed (again and again while the RPC is down),
 * so the balance comes back without the user doing anything when the chain is reachable again.
 * With a `tokens` entry for the network (spec §3 Settings) the header's token is read alongside.
 */
import { type Network, TIME } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import type { RpcRead } from '../rpc/index.ts'
import { createHeaderTokens } from './header-token.ts'

export function createNativeBalance(context: {
  store: Store<SessionState>
  findNetwork(chainId: number | undefined): Network | undefined
  read: RpcRead
  /** spec §3 Settings `tokens`: the ERC-20 the header shows on `network`, if the integrator named one. */
  token?(network: Network): string | undefined
  log(message: string): void
}) {
  const { store } = context
  const tokens = createHeaderTokens(context.read)
  let retry: ReturnType<typeof setTimeout> | undefined
  const balance = {
    async refresh(): Promise<void> {
      clearTimeout(retry)
      retry = undefined
      const { account, balance: shown } = store.get()
      const network = context.findNetwork(account.chainId)
      if (account.status !== 'connected' || !account.address || !network)
        return store.set({ balance: { state: 'idle' } })
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
        if (store.get().account.address === account.address)
          store.set({
            balance: { state: 'loaded', value: BigInt(String(hex)), ...(header ? { token: header } : {}) },
          })
      } catch (error) {
        context.log(`balance fetch failed: ${(error as Error).message}`)
        if (store.get().account !== account) return
        store.set({ balance: { state: 'error' } })
        retry = setTimeout(() => void balance.refresh(), TIME.balanceRetryIntervalMs)
      }
    },
  }
  return balance
}
