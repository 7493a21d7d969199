/**
 * The test Bitcoin wallet (test-wallet/bitcoin) in the host page: a Wallet Standard wallet with a
 * payment (P2WPKH) and an ordinals (P2TR) account on fixed test keys, injected before any page script
 * runs, like the EIP-6963 test wallet (fixtures.ts).
 */
import type { Page } from '@playwright/test'
import {
  buildTestBitcoinWalletScript,
  TEST_BITCOIN_KEYS,
  type TestBitcoinChain,
  type TestBitcoinWalletConfig,
} from '../test-wallet/build.ts'

export async function injectTestBitcoinWallet(page: Page, options: { chain?: TestBitcoinChain } = {}) {
  const config: TestBitcoinWalletConfig = {
    keys: TEST_BITCOIN_KEYS,
    chain: options.chain ?? 'bitcoin:testnet',
  }
  await page.addInitScript({ content: `window.__TEST_BITCOIN_WALLET_CONFIG__ = ${JSON.stringify(config)};` })
  await page.addInitScript({ content: await buildTestBitcoinWalletScript() })
}

/** The wallet's state as the page sees it: its addresses, whether it is connected, the calls so far. */
export function testBitcoinWallet(page: Page) {
  return page.evaluate(() => {
    const wallet = window.__testBitcoinWallet!
    return { addresses: wallet.addresses, connected: wallet.connected, calls: wallet.calls }
  })
}
