/** Shapes shared by the test wallet (runs in the page) and the e2e tests that drive it. */

export const TEST_WALLET_NAME = 'Test Wallet'
export const TEST_WALLET_RDNS = 'dev.walletframe.testwallet'
/**
 * Where the test wallet remembers the dapp's grant: the page's localStorage, shared by the dapp's
 * tabs as a real extension's grant is. It stands in for the extension's own storage, so checks of
 * what the host page stores leave it out.
 */
export const TEST_WALLET_GRANT_KEY = '__testWallet:granted'

export interface TestWalletConfig {
  privateKeys: `0x${string}`[]
  chains: { chainId: number; rpcUrl: string }[]
  /** The chain the wallet starts on. */
  chainId: number
  /** Also expose the provider as `window.ethereum`, like a pre-EIP-6963 wallet. */
  legacyInjected?: boolean
  /**
   * EIP-7811 asset discovery: `wallet_getCapabilities` offers `assetDiscovery` on every chain and
   * `wallet_getAssets` answers the native balance and these ERC-20s' balances, read from the chain.
   */
  assetDiscovery?: { tokens: `0x${string}`[] }
}

/** Knobs on `window.__testWallet` that stand in for what a user would do in a real wallet. */
export interface TestWalletControls {
  /** Makes account `index` of `privateKeys` active; emits accountsChanged when connected. */
  switchAccount(index: number): void
  /** Switches to any chain id, even one without an RPC (to test an unsupported chain); emits chainChanged. */
  switchChain(chainId: number): void
  /** Emits `event` with `payload` as given, right or wrong: a misbehaving wallet (or a script posing as one). */
  emitRaw(event: string, payload: unknown): void
  /** The next call of `method` rejects as if the user declined it (code 4001). */
  rejectNext(method: string): void
  /** Every method requested so far, in order. */
  readonly calls: string[]
  readonly address: `0x${string}`
  readonly chainId: number
  readonly connected: boolean
}

declare global {
  interface Window {
    __TEST_WALLET_CONFIG__?: TestWalletConfig
    __testWallet?: TestWalletControls
  }
}
