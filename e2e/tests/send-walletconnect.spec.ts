/**
 * Send from the Account view through WalletConnect (issue 11 point 2): a site of its own with a
 * relay and a data API (which must allow its modal's origin), a real walletkit wallet in Node that
 * signs and broadcasts the modal's eth_sendTransaction to the devnet.
 */
import type { RunningApi } from '@walletframe/api'
import { devnetAccounts } from '@walletframe/devnet'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient, expect, test } from '../support/fixtures.ts'
import { expectActivity, fillSend, openFeature, previewAndSend } from '../support/wallet-features.ts'
import {
  startTestWalletKit,
  startWalletConnectSiteWithApi,
  type WalletConnectSite,
} from '../support/walletconnect.ts'
import { connectThroughWalletConnect, openDapp } from '../support/walletconnect-flows.ts'

/** Devnet account #6: no other spec signs with it. */
const WALLET_ACCOUNT = devnetAccounts()[6]!
let api: RunningApi | undefined
let site: WalletConnectSite | undefined

test.beforeAll(async () => {
  ;({ api, site } = await startWalletConnectSiteWithApi({ WF_API_INDEXER_POLL_MS: '200' }))
})

test.afterAll(async () => {
  await site?.close()
  await api?.close()
})

test('0.02 ETH through the paired wallet lands, and Activity shows it', async ({ page, context }) => {
  const wallet = await startTestWalletKit({ relayUrl: site!.relayUrl, privateKey: WALLET_ACCOUNT.privateKey })
  try {
    await openDapp(page, context, site!)
    const { frame, topic } = await connectThroughWalletConnect(page, site!, wallet)
    await openFeature(frame, 'send')
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await fillSend(frame, { amount: '0.02', receiver })
    await previewAndSend(frame)
    expect(wallet.requests.at(-1)).toMatchObject({ topic, method: 'eth_sendTransaction' })
    expect(await chainClient().getBalance({ address: receiver })).toBe(parseEther('0.02'))
    await expectActivity(frame, '-0.020 ETH')
  } finally {
    await wallet.close()
  }
})
