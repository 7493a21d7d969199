/**
 * Bitcoin wallets of the host page (issue 15 point 5): the test Bitcoin wallet, a Wallet Standard
 * wallet signing with @scure/btc-signer, is found by the SDK's bitcoin adapter, connects through the
 * modal with its payment (P2WPKH) and ordinals (P2TR) addresses, and answers the dapp's
 * `getProvider('bip122')`: a BIP-322 message signature that verifies against the address and the
 * message, and the requested inputs of a PSBT signed.
 */

import type { Page } from '@playwright/test'
import { bitcoinTestnet, type NamespaceAccount, WALLET_STANDARD_ID_PREFIX } from '@walletframe/protocol'
import { psbtInputSigned, unsignedPsbt, verifyBip322Simple } from '@walletframe/testing/bitcoin'
import { type BitcoinDapp, startBitcoinDapp } from '../support/bitcoin-dapp.ts'
import { injectTestBitcoinWallet, testBitcoinWallet } from '../support/bitcoin-wallet.ts'
import { exampleModalFrame } from '../support/example-site.ts'
import { animationsFinished, expect, saveScreenshot, test } from '../support/fixtures.ts'
import { TEST_BITCOIN_WALLET_NAME } from '../test-wallet/build.ts'

/** What the page's `getProvider('bip122')` offers the test (the SDK's BitcoinProvider). */
interface BitcoinPage {
  wf: {
    getProvider(namespace: 'bip122'): {
      connect(options?: { walletId?: string }): Promise<NamespaceAccount>
      getAccount(): NamespaceAccount
      signMessage(params: { message: string; address?: string; protocol?: 'ecdsa' | 'bip322' }): Promise<{
        address: string
        signature: string
      }>
      signPsbt(params: {
        psbt: string
        signInputs: { address: string; index: number }[]
      }): Promise<{ psbt: string; txid?: string }>
    }
  }
}

const MESSAGE = 'Sign in to the Bitcoin dapp: nonce 5f2c'
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/** The test wallet's descriptor id: Wallet Standard wallets are known by their name. */
const WALLET_ID = `${WALLET_STANDARD_ID_PREFIX}${TEST_BITCOIN_WALLET_NAME}`

/** The user's way in: the dapp asks to connect Bitcoin, the user picks the test wallet in the modal. */
async function connectThroughWalletList(page: Page) {
  const connected = page.evaluate(() => (window as unknown as BitcoinPage).wf.getProvider('bip122').connect())
  const modal = await exampleModalFrame(page, dapp)
  const list = modal.getByTestId('connect-bip122')
  await expect(list).toBeVisible()
  await animationsFinished(modal)
  await saveScreenshot(page, 'bitcoin-wallets')
  await list.getByRole('button', { name: new RegExp(TEST_BITCOIN_WALLET_NAME) }).click()
  return connected
}

/** The dapp's own wallet button: `connect({ walletId })` runs that page wallet's flow at once. */
function connectDirectly(page: Page) {
  return page.evaluate(
    (walletId) => (window as unknown as BitcoinPage).wf.getProvider('bip122').connect({ walletId }),
    WALLET_ID,
  )
}

let dapp: BitcoinDapp
test.beforeAll(async () => {
  dapp = await startBitcoinDapp()
})
test.afterAll(async () => {
  await dapp?.close()
})
test.beforeEach(async ({ page }) => {
  await injectTestBitcoinWallet(page)
  await page.goto(dapp.pageUrl)
})

test('the test Bitcoin wallet connects through the modal with its payment and ordinals addresses', async ({
  page,
}) => {
  const { addresses } = await testBitcoinWallet(page)
  const account = await connectThroughWalletList(page)
  expect(account).toMatchObject({
    namespace: 'bip122',
    status: 'connected',
    address: addresses.payment,
    caipNetworkId: bitcoinTestnet.caipNetworkId,
    connectorId: WALLET_ID,
  })
  expect(account.addresses).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ address: addresses.payment, purpose: 'payment' }),
      expect.objectContaining({ address: addresses.ordinals, purpose: 'ordinals' }),
    ]),
  )
  expect(await testBitcoinWallet(page)).toMatchObject({ connected: true, calls: ['bitcoin:connect'] })
})

test('after a reload the connection is back without a prompt, and signs (spec §3 connected namespaces)', async ({
  page,
}) => {
  const { addresses } = await testBitcoinWallet(page)
  await connectDirectly(page)
  await page.reload()
  const account = () =>
    page.evaluate(() => (window as unknown as BitcoinPage).wf.getProvider('bip122').getAccount())
  await expect
    .poll(account)
    .toMatchObject({ status: 'connected', address: addresses.payment, connectorId: WALLET_ID })
  // The wallet still trusted the page: its accounts were read, bitcoin:connect (a prompt) never called.
  expect((await testBitcoinWallet(page)).calls).toEqual([])
  const signed = await page.evaluate(
    (message) =>
      (window as unknown as BitcoinPage).wf
        .getProvider('bip122')
        .signMessage({ message, protocol: 'bip322' }),
    MESSAGE,
  )
  expect(signed.address).toBe(addresses.payment)
})

test('signMessage returns a BIP-322 signature that verifies against the address and the message', async ({
  page,
}) => {
  const { addresses } = await testBitcoinWallet(page)
  await connectDirectly(page)
  const signMessage = (params: { message: string; address?: string }) =>
    page.evaluate(
      (p) =>
        (window as unknown as BitcoinPage).wf.getProvider('bip122').signMessage({ ...p, protocol: 'bip322' }),
      params,
    )

  const payment = await signMessage({ message: MESSAGE })
  expect(payment.address).toBe(addresses.payment)
  const message = new TextEncoder().encode(MESSAGE)
  const signature = fromBase64(payment.signature)
  expect(verifyBip322Simple({ address: addresses.payment, message, signature })).toBe(true)
  // It proves this message by this address, nothing else.
  expect(
    verifyBip322Simple({
      address: addresses.payment,
      message: new TextEncoder().encode(`${MESSAGE}.`),
      signature,
    }),
  ).toBe(false)
  expect(verifyBip322Simple({ address: addresses.ordinals, message, signature })).toBe(false)

  // The ordinals (taproot) address signs too, when the dapp names it.
  const ordinals = await signMessage({ message: MESSAGE, address: addresses.ordinals })
  expect(ordinals.address).toBe(addresses.ordinals)
  expect(
    verifyBip322Simple({ address: addresses.ordinals, message, signature: fromBase64(ordinals.signature) }),
  ).toBe(true)
  expect((await testBitcoinWallet(page)).calls).toEqual([
    'bitcoin:connect',
    'bitcoin:signMessage',
    'bitcoin:signMessage',
  ])
})

test('signPsbt has the wallet sign the requested inputs, and only those', async ({ page }) => {
  const { addresses } = await testBitcoinWallet(page)
  await connectDirectly(page)
  const psbt = unsignedPsbt(
    [
      { address: addresses.payment, amount: 20_000n },
      { address: addresses.ordinals, amount: 546n },
      { address: addresses.payment, amount: 5_000n },
    ],
    { address: addresses.payment, amount: 24_000n },
  )
  const signInputs = [
    { address: addresses.payment, index: 0 },
    { address: addresses.ordinals, index: 1 },
  ]
  const signed = await page.evaluate(
    (params) => (window as unknown as BitcoinPage).wf.getProvider('bip122').signPsbt(params),
    { psbt: Buffer.from(psbt).toString('base64'), signInputs },
  )
  const signedPsbt = fromBase64(signed.psbt)
  expect([0, 1, 2].map((index) => psbtInputSigned(signedPsbt, index))).toEqual([true, true, false])
  expect(signed.txid).toBeUndefined() // signed, not broadcast
  expect((await testBitcoinWallet(page)).calls.at(-1)).toBe('bitcoin:signTransaction')
})

test('a signature the user declines in the wallet reaches the dapp as a rejection (4001)', async ({
  page,
}) => {
  await connectDirectly(page)
  await page.evaluate(() => window.__testBitcoinWallet!.rejectNext('bitcoin:signMessage'))
  const outcome = await page.evaluate(() =>
    (window as unknown as BitcoinPage).wf
      .getProvider('bip122')
      .signMessage({ message: 'never signed', protocol: 'bip322' })
      .then(
        () => ({ code: 0 }),
        (error: { code?: number }) => ({ code: error.code }),
      ),
  )
  expect(outcome).toEqual({ code: 4001 })
})
