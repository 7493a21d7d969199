/**
 * `@walletframe/sdk/bitcoin`: `createWalletFrame({ …, adapters: [bitcoinAdapter()] })` and
 * `getProvider('bip122')`. Finds the page's Wallet Standard Bitcoin wallets (the `bitcoin:connect`,
 * `bitcoin:signMessage`, `bitcoin:signTransaction` features) for the modal and runs what it asks
 * of them. sats-connect is not needed: Wallet Standard covers the discovery.
 */
import type { WalletFrameAdapter } from '../adapter.ts'
import { createConnection } from '../wallet-standard/connection.ts'
import { bitcoinAccounts, isBitcoinWallet, serveBitcoin } from './page-wallet.ts'
import { type BitcoinProvider, createBitcoinProvider } from './provider.ts'

export type { BitcoinProvider } from './provider.ts'

export function bitcoinAdapter(): WalletFrameAdapter<BitcoinProvider> {
  return {
    namespace: 'bip122',
    start: (win, init, call, add, checks, wires, stops) =>
      createBitcoinProvider(
        createConnection(
          { win, init, call, add, checks, wires, stops },
          {
            namespace: 'bip122',
            accepts: isBitcoinWallet,
            serve: serveBitcoin,
            addresses: (wallet) => bitcoinAccounts(wallet).map((account) => account.address),
          },
        ),
      ),
  }
}
