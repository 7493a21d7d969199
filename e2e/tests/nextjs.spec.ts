/**
 * The Next.js example (issue 13 points 4 and 7): its production build under `next start`, on a
 * site of its own whose modal server (with a relay, for WalletConnect) allows it. The server's
 * HTML holds no wallet state; the injected test wallet and a real WalletConnect wallet connect,
 * sign (checked with viem) and send (the receipt is on the devnet) through @walletframe/react.
 * Beside it, a page in React's development build under <StrictMode> keeps one frame.
 */
import type { BrowserContext, Frame, Page } from '@playwright/test'
import { devnetAccounts, devnetChainDefinitions } from '@walletframe/devnet'
import { type Hex, verifyMessage } from 'viem'
import { MESSAGE } from '../../examples/nextjs/app/message.ts'
import {
  animationsFinished,
  chainClient,
  expect,
  injectTestWallet,
  saveScreenshot,
  stack,
  test,
} from '../support/fixtures.ts'
import {
  type ReactSite,
  reserveOrigin,
  startNextExample,
  startStrictModePage,
} from '../support/react-sites.ts'
import {
  startTestWalletKit,
  startWalletConnectSite,
  type WalletConnectSite,
} from '../support/walletconnect.ts'
import { copyPairingUri, modalFrameOf } from '../support/walletconnect-flows.ts'

/** Devnet account #1 for the injected wallet, #3 for the WalletConnect one: no spec checks their balances. */
const INJECTED_ACCOUNT = 1
const WALLET_ACCOUNT = devnetAccounts()[3]!
const FIRST_CHAIN = `eip155:${stack.devnet.chains[0]!.chainId}`

let site: WalletConnectSite | undefined
let next: ReactSite | undefined
let strict: ReactSite | undefined

test.beforeAll(async () => {
  const [nextOrigin, strictOrigin] = [await reserveOrigin(), await reserveOrigin()]
  site = await startWalletConnectSite({ hostOrigins: [nextOrigin, strictOrigin] })
  next = await startNextExample(nextOrigin, site.modalOrigin)
  strict = await startStrictModePage(strictOrigin, {
    projectId: stack.projectId,
    modalUrl: `${site.modalOrigin}/`,
    networks: devnetChainDefinitions(stack.devnet),
  })
})

test.afterAll(async () => {
  await strict?.close()
  await next?.close()
  await site?.close()
})

/** The page in both colour schemes; with the modal open, once its views are at rest. */
async function screenshots(page: Page, name: string, modal?: Frame) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    if (modal) {
      // The example keeps the modal in the page's scheme (setThemeMode): it follows over the channel.
      await expect(modal.locator(`[data-theme="${colorScheme}"]`).first()).toBeAttached()
      await animationsFinished(modal)
    }
    await saveScreenshot(page, `nextjs-${name}-${colorScheme}`)
  }
}

/** The page as the server renders it, fetched with the browser's cookies: no wallet in it. */
async function expectNoWalletInServerHtml(context: BrowserContext, address: string) {
  const html = await (await context.request.get(next!.url)).text()
  expect(html).toContain('>Connect Wallet</button>')
  expect(html).toContain('data-testid="status">disconnected<')
  expect(html.toLowerCase()).not.toContain(address.toLowerCase().slice(2))
}

async function signAndVerify(page: Page, address: Hex) {
  await page.getByTestId('sign-message').click()
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
}

async function sendAndCheckReceipt(page: Page, address: Hex) {
  await page.getByTestId('send-transaction').click()
  await expect(page.getByTestId('transaction')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = (await page.getByTestId('transaction').textContent()) as Hex
  const receipt = await chainClient().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
}

test('the injected wallet connects, signs and sends through the hooks; the server HTML never shows it', async ({
  page,
  context,
}) => {
  // The browser's first render matches the server's HTML: React reports no hydration mismatch,
  // nor any other error in the page's own scripts (the modal frame's are another site's).
  const pageErrors: string[] = []
  page.on('pageerror', (error) => {
    if (/hydrat/i.test(error.message) || error.stack?.includes(next!.origin)) pageErrors.push(error.message)
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.startsWith(next!.origin))
      pageErrors.push(message.text())
  })
  const { address } = await injectTestWallet(page, { accountIndex: INJECTED_ACCOUNT })
  await page.goto(next!.url)
  await expect(page.getByTestId('connect-button')).toHaveText('Connect Wallet')
  await screenshots(page, 'disconnected')

  await page.getByTestId('connect-button').click()
  const frame = await modalFrameOf(page, site!)
  await expect(page.getByTestId('modal-state')).toHaveText('open on Connect')
  await expect(frame.getByRole('button', { name: /All Wallets/ })).toBeVisible()
  await screenshots(page, 'modal', frame)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  await expect(page.getByTestId('network')).toHaveText(FIRST_CHAIN)
  await expect(page.getByTestId('connect-button')).toHaveText(`${address.slice(0, 4)}…${address.slice(-6)}`)
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('modal-state')).toHaveText('closed')

  await signAndVerify(page, address)
  await sendAndCheckReceipt(page, address)
  await screenshots(page, 'connected')

  // Connected in the browser; the server's HTML for the same browser is still nobody's.
  await expectNoWalletInServerHtml(context, address)
  // The button opens the Account view once connected.
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('modal-state')).toHaveText('open on Account')
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('modal-state')).toHaveText('closed')

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByTestId('connect-button')).toHaveText('Connect Wallet')
  expect(pageErrors).toEqual([])
})

test('a real WalletConnect wallet pairs, signs and sends through the hooks', async ({ page, context }) => {
  const wallet = await startTestWalletKit({ relayUrl: site!.relayUrl, privateKey: WALLET_ACCOUNT.privateKey })
  try {
    // The pairing URI is read back from the clipboard, as a user pastes it into a wallet.
    for (const origin of [next!.origin, site!.modalOrigin])
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    await page.goto(next!.url)
    await page.getByTestId('connect-button').click()
    const frame = await modalFrameOf(page, site!)
    const approved = wallet.nextSession()
    await wallet.pair(await copyPairingUri(page, frame))
    const topic = await approved
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(wallet.address)
    await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await frame.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('modal-state')).toHaveText('closed')

    await signAndVerify(page, wallet.address)
    expect(wallet.requests.at(-1)).toMatchObject({ topic, method: 'personal_sign', chainId: FIRST_CHAIN })
    await sendAndCheckReceipt(page, wallet.address)
    expect(wallet.requests.at(-1)).toMatchObject({ topic, method: 'eth_sendTransaction' })
    await expectNoWalletInServerHtml(context, wallet.address)
  } finally {
    await wallet.close()
  }
})

test('under <StrictMode> the Provider leaves one frame, and none once unmounted', async ({ page }) => {
  const frames = page.locator('iframe[title="WalletFrame"]')
  await injectTestWallet(page, { accountIndex: INJECTED_ACCOUNT })
  await page.goto(strict!.url)
  await page.getByTestId('connect-button').click()
  const frame = await modalFrameOf(page, site!)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  // React ran the mount effects twice (strict mode); the first instance's frame went with it.
  expect(await page.evaluate(() => (window as unknown as { effectRuns: number }).effectRuns)).toBe(2)
  await expect(frames).toHaveCount(1)
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(frames).toBeHidden()
  await page.getByTestId('unmount').click()
  await expect(frames).toHaveCount(0)
})
