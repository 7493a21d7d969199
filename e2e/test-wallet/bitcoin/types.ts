/** Shapes shared by the test Bitcoin wallet (runs in the page) and the e2e tests that drive it. */

export const TEST_BITCOIN_WALLET_NAME = 'Test Bitcoin Wallet'

/** Wallet Standard chain names (protocol WALLET_STANDARD_CHAINS maps them to CAIP-2). */
export type TestBitcoinChain = 'bitcoin:mainnet' | 'bitcoin:testnet'
export type TestBitcoinPurpose = 'payment' | 'ordinals'

/**
 * Fixed test keys, never funded anywhere: the payment account's (P2WPKH) and the ordinals
 * account's (P2TR key path). Two keys, as wallets derive the two purposes on separate paths.
 */
export const TEST_BITCOIN_KEYS = {
  payment: '6b1b0dd1d5fbe6f6b7b4c7a4f2d0b2f8e7c3a1f9d4e5b6a7c8d9e0f1a2b3c4d5',
  ordinals: '3c9f0e2d1b4a59687766554433221100ffeeddccbbaa99887766554433221101',
} as const satisfies Record<TestBitcoinPurpose, string>

export interface TestBitcoinWalletConfig {
  /** Hex private keys per purpose. */
  keys: Record<TestBitcoinPurpose, string>
  /** The one chain the wallet's accounts are on (an address belongs to one network). */
  chain: TestBitcoinChain
}

/**
 * Where the test Bitcoin wallet remembers the purposes the dapp was granted (JSON), in the page's
 * localStorage as the EVM test wallet does: after a reload its `accounts` list them at once, as a
 * real wallet lists the accounts a page is still authorized for.
 */
export const TEST_BITCOIN_WALLET_GRANT_KEY = '__testBitcoinWallet:granted'

/** Knobs on `window.__testBitcoinWallet` that stand in for what a user would do in the wallet. */
export interface TestBitcoinWalletControls {
  /** The next call of `feature` (e.g. `bitcoin:signMessage`) rejects as if the user declined it. */
  rejectNext(feature: string): void
  /** Every feature method called so far, in order (`bitcoin:connect`, `bitcoin:signMessage`…). */
  readonly calls: string[]
  /** The accounts' addresses, connected or not. */
  readonly addresses: Record<TestBitcoinPurpose, string>
  readonly connected: boolean
}

declare global {
  interface Window {
    __TEST_BITCOIN_WALLET_CONFIG__?: TestBitcoinWalletConfig
    __testBitcoinWallet?: TestBitcoinWalletControls
  }
}
