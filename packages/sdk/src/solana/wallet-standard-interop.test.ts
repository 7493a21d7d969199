/**
 * The Wallet Standard's own libraries and the SDK's by-hand protocol understand each other: a dapp
 * on `@wallet-standard/app` (the Solana wallet adapter's discovery) finds WalletFrame, and a wallet
 * registered with `@wallet-standard/wallet` (as Phantom's code does) reaches the modal. Both
 * libraries use the global `window`, stubbed here with the test page's.
 */
import { getWallets } from '@wallet-standard/app'
import { registerWallet } from '@wallet-standard/wallet'
import { solanaLocalnet, WALLET_STANDARD_ID_PREFIX } from '@walletframe/protocol'
import { createSolanaTestWallet } from '@walletframe/testing/solana-wallet'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openPage } from '../../test/page.ts'
import { solanaAdapter } from './index.ts'

const devnet = {
  id: 31337,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

describe('the Wallet Standard libraries and the SDK', () => {
  afterAll(() => vi.unstubAllGlobals())

  it('find each other: an app on @wallet-standard/app finds WalletFrame, a wallet on /wallet reaches the modal', async () => {
    const page = openPage({ networks: [devnet, solanaLocalnet], adapters: [solanaAdapter()] })
    vi.stubGlobal('window', page.win)
    const found = getWallets()
      .get()
      .filter((wallet) => wallet.name === 'WalletFrame')
    expect(found).toHaveLength(1)
    expect(found[0]!.chains).toEqual(['solana:localnet'])
    expect(found[0]!.features).toHaveProperty('solana:signAndSendTransaction')
    expect(found[0]!.accounts).toEqual([])

    const { wallet } = createSolanaTestWallet({ seed: new Uint8Array(32).fill(2), name: 'Phantom-like' })
    registerWallet(wallet as never)
    const { init } = await page.nextModal()
    expect(init.wallets.map((w) => w.id)).toContain(`${WALLET_STANDARD_ID_PREFIX}Phantom-like`)

    // destroy() unregisters it: the app no longer lists a WalletFrame whose calls would fail.
    page.wf.destroy()
    expect(
      getWallets()
        .get()
        .map((wallet) => wallet.name),
    ).not.toContain('WalletFrame')
  })
})
