/**
 * The connected account's native balance (spec §4 "Balance fetching"), read from the network's RPC.
 * An answer for an account no longer shown is dropped.
 */
import type { Network } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import { jsonRpc } from '../rpc/index.ts'

export function createNativeBalance(context: {
  store: Store<SessionState>
  findNetwork(chainId: number | undefined): Network | undefined
  log(message: string): void
}) {
  const { store } = context
  return {
    async refresh(): Promise<void> {
      const { account, balance } = store.get()
      const network = context.findNetwork(account.chainId)
      if (account.status !== 'connected' || !account.address || !network)
        return store.set({ balance: { state: 'idle' } })
      // The last value stays on screen while the new one loads.
      store.set({
        balance: { state: 'loading', ...(balance.value === undefined ? {} : { value: balance.value }) },
      })
      try {
        const hex = await jsonRpc(network.rpcUrls.default.http[0]!, 'eth_getBalance', [
          account.address,
          'latest',
        ])
        if (store.get().account.address === account.address)
          store.set({ balance: { state: 'loaded', value: BigInt(String(hex)) } })
      } catch (error) {
        store.set({ balance: { state: 'error' } })
        context.log(`balance fetch failed: ${(error as Error).message}`)
      }
    },
  }
}
