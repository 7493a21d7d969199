/**
 * Issue 13: the Vite + wagmi example (its production build) connects the injected test wallet
 * through `@walletframe/wagmi`, with wagmi's own actions only: connect, signMessage,
 * sendTransaction (receipt on the devnet), getCapabilities (EIP-5792, passed through), switchChain,
 * connect on a chosen chain, and reconnect after a reload without the modal; what happens in the
 * modal or the wallet without a wagmi action reaches wagmi; and wagmi lists WalletFrame once.
 */
import type { Page } from '@playwright/test'
import { devnetAccounts } from '@walletframe/devnet'
import { WALLETFRAME_RDNS } from '@walletframe/protocol'
import { verifyMessage } from 'viem'
import { chainClient, expect, injectTestWallet, saveScreenshot, stack, test } from '../support/fixtures.ts'
import { startWagmiExample, type WagmiExample } from '../support/wagmi-example.ts'

/** Account #3: no other spec sends from it (faults-relay only connects it over WalletConnect). */
const SENDER = 3
const [chainA, chainB] = stack.devnet.chains

let example: WagmiExample
test.beforeAll(async () => {
  example = await startWagmiExample()
})
test.afterAll(async () => {
  await example?.close()
})

/** The example's own modal frame (cross-origin: only Playwright can look inside). */
async function exampleModal(page: Page) {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(example.modalOrigin))).toBe(true)
  return page.frames().find((f) => f.url().startsWith(example.modalOrigin))!
}

/** The methods the test wallet has been asked so far (its own record). */
const walletCalls = (page: Page) => page.evaluate(() => window.__testWallet?.calls ?? [])

test('wagmi lists WalletFrame once beside the page’s wallets, though the SDK also announces it', async ({
  page,
}) => {
  await injectTestWallet(page, { accountIndex: SENDER })
  await page.goto(example.url)
  await expect(page.getByRole('button', { name: 'Connect with Test Wallet' })).toBeVisible()
  // Every EIP-6963 wallet answers a request synchronously: the SDK's announcement is among them.
  const announced = await page.evaluate(() => {
    const rdns: string[] = []
    const listen = (event: Event) => rdns.push((event as CustomEvent).detail.info.rdns)
    window.addEventListener('eip6963:announceProvider', listen)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', listen)
    return rdns
  })
  expect(announced).toContain(WALLETFRAME_RDNS)
  await expect(page.getByRole('button', { name: /^Connect with / })).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Connect with WalletFrame' })).toHaveCount(1)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await saveScreenshot(page, `wagmi-example-connectors-${colorScheme}`)
  }
})

test('connect, sign, send, read capabilities, switch chain, and reconnect after a reload, with wagmi’s actions', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page, { accountIndex: SENDER, assetDiscovery: { tokens: [] } })
  expect(wallet.address).toBe(devnetAccounts()[SENDER]!.address)
  await page.goto(example.url)
  await expect(page.locator('#restored')).toHaveText('nothing')
  await expect(page.locator('#status')).toHaveText('disconnected')

  // connect: the modal opens on WalletFrame's list; the user picks the page's wallet there.
  await page.getByRole('button', { name: 'Connect with WalletFrame' }).click()
  const frame = await exampleModal(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('#status')).toHaveText('connected')
  await expect(page.locator('#connector')).toHaveText('WalletFrame')
  await expect(page.locator('#address')).toHaveText(wallet.address)
  await expect(page.locator('#chain')).toHaveText(`${chainA!.name} (${chainA!.chainId})`)
  await frame.getByRole('button', { name: 'Close' }).click()

  // signMessage, checked with viem.
  await page.getByRole('button', { name: 'Sign "hello wagmi"' }).click()
  await expect(page.locator('#signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.locator('#signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: wallet.address, message: 'hello wagmi', signature })).toBe(true)

  // sendTransaction, then waitForTransactionReceipt on the devnet; the chain confirms it too.
  await page.getByRole('button', { name: 'Send 0.001 ETH to yourself' }).click()
  await expect(page.locator('#receipt')).toHaveText(/^success in block \d+$/, { timeout: 20_000 })
  const hash = (await page.locator('#tx').textContent()) as `0x${string}`
  const receipt = await chainClient(0).getTransactionReceipt({ hash })
  expect(receipt).toMatchObject({ status: 'success', from: wallet.address.toLowerCase() })

  // getCapabilities (EIP-5792): the wallet's own answer reaches wagmi through the connector.
  await page.getByRole('button', { name: 'Wallet capabilities' }).click()
  await expect(page.locator('#capabilities-result')).toContainText(
    `"${chainA!.chainId}":{"assetDiscovery":{"supported":true}}`,
  )
  expect(await walletCalls(page)).toContain('wallet_getCapabilities')

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await saveScreenshot(page, `wagmi-example-connected-${colorScheme}`)
  }

  // switchChain: the wallet moves to devnet B, and wagmi's state follows.
  await page.getByRole('button', { name: `Switch to ${chainB!.name}` }).click()
  await expect(page.locator('#chain')).toHaveText(`${chainB!.name} (${chainB!.chainId})`)
  expect(await page.evaluate(() => window.__testWallet?.chainId)).toBe(chainB!.chainId)

  // reconnect after a reload: connected again, with no prompt and no modal shown. The test wallet
  // starts each page load on its configured chain (A), so the restored chain is the wallet's, not
  // devnet B that wagmi had stored before the reload.
  await page.reload()
  // wagmi's reconnect() itself restored it (not a later event of the SDK's own restore), first, as
  // the connector last used; wagmi's own connector of the page's wallet, which the user granted
  // through WalletFrame, is restored beside it (wagmi restores every authorized connector).
  await expect(page.locator('#restored')).toHaveText(/^WalletFrame(, Test Wallet)?$/)
  await expect(page.locator('#status')).toHaveText('connected')
  await expect(page.locator('#connector')).toHaveText('WalletFrame')
  await expect(page.locator('#address')).toHaveText(wallet.address)
  expect(await page.evaluate(() => window.__testWallet?.chainId)).toBe(chainA!.chainId)
  await expect(page.locator('#chain')).toHaveText(`${chainA!.name} (${chainA!.chainId})`)
  expect(await walletCalls(page)).not.toContain('eth_requestAccounts')
  await expect(page.locator(`iframe[src^="${example.modalOrigin}"]`)).toBeHidden()

  // disconnect: and a reload then leaves the page disconnected.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.locator('#status')).toHaveText('disconnected')
  await page.reload()
  await expect(page.locator('#restored')).toHaveText('nothing')
  await expect(page.locator('#status')).toHaveText('disconnected')
})

test('closing the modal rejects wagmi’s connect; connect on a chosen chain; a disconnect and a connect in the modal, and an account change in the wallet, reach wagmi', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page, { accountIndex: SENDER })
  await page.goto(example.url)
  await page.getByRole('button', { name: 'Connect with WalletFrame' }).click()
  const frame = await exampleModal(page)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  // The connector's UserRejectedRequestError, as wagmi hands it to the app.
  await expect(page.locator('#error')).toHaveText('User rejected the request.')
  await expect(page.locator('#status')).toHaveText('disconnected')

  // connect with wagmi's `chainId`: the wallet is moved to devnet B once connected.
  await page.getByLabel('Chain').selectOption(String(chainB!.chainId))
  await page.getByRole('button', { name: 'Connect with WalletFrame' }).click()
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('#status')).toHaveText('connected')
  await expect(page.locator('#chain')).toHaveText(`${chainB!.name} (${chainB!.chainId})`)
  expect(await page.evaluate(() => window.__testWallet?.chainId)).toBe(chainB!.chainId)
  await frame.getByRole('button', { name: 'Close' }).click()
  // The connector's SDK instance opens WalletFrame's Account view; its Disconnect is no wagmi action.
  await page.getByRole('button', { name: 'Account' }).click()
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await frame.getByTestId('disconnect').click()
  await expect(page.locator('#status')).toHaveText('disconnected')

  // A connection made in the modal itself, with no wagmi action, reaches wagmi too.
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('#status')).toHaveText('connected')
  await expect(page.locator('#address')).toHaveText(wallet.address)

  // The user picks another account in the wallet: wagmi follows (accountsChanged).
  await page.evaluate(() => window.__testWallet?.switchAccount(1))
  await expect(page.locator('#address')).toHaveText(wallet.secondAddress)
  await expect(page.locator('#status')).toHaveText('connected')
})
