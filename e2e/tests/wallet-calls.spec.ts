/**
 * EIP-5792 batched calls through the modal to a real WalletConnect wallet (issue 14): the dapp's
 * `wallet_getCapabilities`, `wallet_sendCalls` and `wallet_getCallsStatus` reach the walletkit
 * wallet over our relay as they were sent, and its answers come back; the calls land on anvil.
 * The dapp talks to WalletFrame's EIP-1193 provider as any dapp finds it: EIP-6963.
 */
import { devnetAccounts } from '@walletframe/devnet'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient, expect, stack, test } from '../support/fixtures.ts'
import {
  startTestWalletKit,
  startWalletConnectSite,
  type WalletConnectSite,
} from '../support/walletconnect.ts'
import { connectThroughWalletConnect, openDapp } from '../support/walletconnect-flows.ts'

// The WalletConnect specs' wallet account (walletconnect.spec.ts); the receivers are new addresses.
const WALLET_ACCOUNT = devnetAccounts()[2]!
const RECEIVERS = [0, 1].map(() => privateKeyToAccount(generatePrivateKey()).address)
let site: WalletConnectSite

test.beforeAll(async () => {
  site = await startWalletConnectSite()
})
test.afterAll(async () => {
  await site?.close()
})

test('wallet_getCapabilities, wallet_sendCalls and wallet_getCallsStatus pass through to a WalletConnect wallet', async ({
  page,
  context,
}) => {
  const wallet = await startTestWalletKit({ relayUrl: site.relayUrl, privateKey: WALLET_ACCOUNT.privateKey })
  try {
    await openDapp(page, context, site)
    const { topic } = await connectThroughWalletConnect(page, site, wallet)
    await page.keyboard.press('Escape')
    const chainId = `0x${stack.devnet.chains[0]!.chainId.toString(16)}`

    /** A request to WalletFrame's provider, found the EIP-6963 way. */
    const request = (method: string, params: unknown[]) =>
      page.evaluate(
        ([method, params]) =>
          new Promise((resolve, reject) => {
            const found = (event: Event) => {
              const { info, provider } = (event as CustomEvent).detail
              if (info.rdns !== 'io.walletframe') return
              window.removeEventListener('eip6963:announceProvider', found)
              provider.request({ method, params }).then(resolve, reject)
            }
            window.addEventListener('eip6963:announceProvider', found)
            window.dispatchEvent(new Event('eip6963:requestProvider'))
          }),
        [method, params] as const,
      )

    expect(await request('wallet_getCapabilities', [wallet.address, [chainId]])).toEqual({
      [chainId]: { atomic: { status: 'unsupported' } },
    })
    const calls = RECEIVERS.map((to) => ({ to, value: '0x2386f26fc10000' }))
    const sendParams = { version: '2.0.0', chainId, from: wallet.address, atomicRequired: false, calls }
    const { id } = (await request('wallet_sendCalls', [sendParams])) as { id: Hex }
    expect(wallet.requests.find((r) => r.method === 'wallet_sendCalls')).toMatchObject({
      topic,
      params: [sendParams],
      chainId: `eip155:${stack.devnet.chains[0]!.chainId}`,
    })

    const status = (await request('wallet_getCallsStatus', [id])) as {
      status: number
      receipts: { transactionHash: Hex }[]
    }
    expect(status).toMatchObject({ id, chainId, status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    const received = await Promise.all(RECEIVERS.map((address) => chainClient().getBalance({ address })))
    expect(received).toEqual([10n ** 16n, 10n ** 16n])
  } finally {
    await wallet.close()
  }
})
