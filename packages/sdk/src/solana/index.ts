/**
 * `@walletframe/sdk/solana`: `createWalletFrame({ …, adapters: [solanaAdapter()] })` and
 * `getProvider('solana')`. Finds the page's Wallet Standard Solana wallets for the modal, runs what
 * the modal asks of them, and registers WalletFrame itself as a Wallet Standard wallet.
 */
import type { WalletFrameAdapter } from '../adapter.ts'
import { createConnection } from '../wallet-standard/connection.ts'
import { registerStandardWallet } from '../wallet-standard/registry.ts'
import { isSolanaWallet, serveSolana, solanaAccounts } from './page-wallet.ts'
import { createSolanaProvider, type SolanaProvider } from './provider.ts'
import { walletFrameStandardWallet } from './register.ts'

export type { SolanaProvider, SolanaTransactionInput } from './provider.ts'

export interface SolanaAdapterOptions {
  /** Register WalletFrame as a Wallet Standard wallet, so that Solana dapps find it (default true; as `announceProvider`). */
  registerWallet?: boolean
}

export function solanaAdapter(options: SolanaAdapterOptions = {}): WalletFrameAdapter<SolanaProvider> {
  return {
    namespace: 'solana',
    start(win, init, call, add, checks, wires, stops) {
      const context = { win, init, call, add, checks, wires, stops }
      const connection = createConnection(context, {
        namespace: 'solana',
        accepts: isSolanaWallet,
        serve: serveSolana,
        addresses: (wallet) => solanaAccounts(wallet).map((account) => account.address),
      })
      const provider = createSolanaProvider(connection)
      if (options.registerWallet !== false) {
        const networks = context.init.namespaceNetworks ?? []
        const wallet = walletFrameStandardWallet(provider, networks, async (caipNetworkId) => {
          await context.call('network.switch', { caipNetworkId })
        })
        stops.push(registerStandardWallet(context.win, wallet))
      }
      return provider
    },
  }
}
