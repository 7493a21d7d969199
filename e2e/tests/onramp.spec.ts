import type { Frame, Page } from '@playwright/test'
import { SANDBOX_DECLINES, SANDBOX_QUOTE_OUTAGE_AMOUNT, SANDBOX_TEST_CARDS } from '@walletframe/protocol'
import { formatEther } from 'viem'
import {
  chainClient,
  expect,
  injectTestWallet,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

/**
 * Buy through the on-ramp sandbox of the e2e stack (apps/onramp-sandbox): the modal's OnRamp view,
 * the sandbox's checkout window, and the devnet balance it credits. Test wallet #2 buys, so the
 * other suites' balances are left alone.
 */
const BUYER = 2

/** Test wallet #2 connected through the modal, which is then closed. */
async function connectBuyer(page: Page) {
  const wallet = await injectTestWallet(page, { accountIndex: BUYER })
  await page.goto(stack.dapp.url)
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('modal-state')).toHaveText('closed')
  return { frame, wallet }
}

async function openBuy(page: Page, options: { theme?: 'light' } = {}) {
  const { frame, wallet } = await connectBuyer(page)
  if (options.theme) await page.getByTestId('theme-toggle').click()
  await page.getByTestId('buy-crypto').click()
  await expect(page.getByTestId('modal-state')).toHaveText('open (OnRamp)')
  await expect(frame.getByTestId('onramp-view')).toBeVisible()
  return { frame, address: wallet.address }
}

/** Buy's own chunk (features/onramp/onramp-views), as the modal fetches it. */
function onRampChunkRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/onramp-views-[^/]+\.js$/.test(request.url())) urls.push(request.url())
  })
  return urls
}

async function quote(frame: Frame, amount: string) {
  await frame.getByTestId('onramp-amount').fill(amount)
  await expect(frame.getByTestId('onramp-quote')).toBeVisible()
}

/** Buy opens the sandbox's checkout window from the click. */
async function checkout(page: Page, frame: Frame) {
  const popup = page.waitForEvent('popup')
  await frame.getByTestId('onramp-buy').click()
  const window = await popup
  await window.waitForURL(/\/checkout\/ord_/)
  return window
}

async function pay(window: Page, card: string) {
  await window.getByLabel('Card number').fill(card)
  await window.getByLabel('Expiry (MM/YY)').fill('12/39')
  await window.getByLabel('CVC').fill('123')
  await window.getByRole('button', { name: /^Pay / }).click()
}

test('buying 100 USD of ETH with the test card credits the account on the devnet, and the modal shows it', async ({
  page,
}) => {
  const chunks = onRampChunkRequests(page)
  const { frame, address } = await openBuy(page)
  // Fetched once, when Buy was offered (its Account button), not with the modal.
  expect(chunks).toHaveLength(1)
  await expect(frame.getByTestId('onramp-provider')).toContainText('Sandbox Pay')
  await expect(frame.getByTestId('onramp-provider')).toContainText('Fees 1–2%')
  await expect(frame.getByTestId('onramp-hint')).toHaveText('Card: 15.00 – 5,000.00 USD')
  await frame.getByTestId('onramp-amount').fill('10')
  await expect(frame.getByTestId('onramp-hint')).toHaveText('The minimum is 15.00 USD')
  await expect(frame.getByTestId('onramp-buy')).toBeDisabled()
  await quote(frame, '100')
  await expect(frame.getByTestId('onramp-receive')).toHaveText('0.03333333 ETH')
  await expect(frame.getByTestId('onramp-total')).toHaveText('101.60 USD')
  await expect(frame.getByTestId('onramp-estimated')).toHaveCount(0)
  await saveScreenshot(page, 'onramp-dark')
  expect(await seriousA11yViolations(frame)).toEqual([])

  const before = await chainClient().getBalance({ address })
  const window = await checkout(page, frame)
  await expect(window.getByTestId('checkout-wallet')).toHaveText(address.toLowerCase())
  await expect(window.getByTestId('checkout-total')).toHaveText('101.60 USD')
  await expect(window.getByTestId('checkout-receive')).toHaveText('0.03333333 ETH')
  await expect(frame.getByTestId('onramp-waiting')).toBeVisible()
  await window.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.success)
  await window.emulateMedia({ colorScheme: 'dark' })
  await saveScreenshot(window, 'onramp-checkout-dark')
  await pay(window, SANDBOX_TEST_CARDS.success)
  await expect(window.getByTestId('checkout-success')).toBeVisible()
  await expect(window.getByTestId('checkout-tx')).toHaveText(/^0x[0-9a-f]{64}$/)

  expect(await chainClient().getBalance({ address })).toBe(before + 33_333_330_000_000_000n)
  await expect(frame.getByTestId('onramp-landed')).toBeVisible()
  await expect(frame.getByTestId('onramp-received')).toHaveText('+0.033333 ETH')
  const shown = formatEther(before + 33_333_330_000_000_000n).split('.')
  await expect(frame.getByTestId('onramp-balance')).toContainText(
    `${Number(shown[0]).toLocaleString('en-US')}.${(shown[1] ?? '').padEnd(3, '0').slice(0, 3)} ETH`,
  )
  await saveScreenshot(page, 'onramp-landed-dark')

  // A real transfer: the API's indexer sees it, so Activity lists the purchase.
  await frame.getByRole('button', { name: 'Close' }).click()
  await page.getByTestId('account-button').click()
  await expect(async () => {
    await frame.getByTestId('account-tab-tokens').click()
    await frame.getByTestId('account-tab-activity').click()
    await expect(
      frame.getByTestId('account-panel-activity').getByTestId('activity-item').first(),
    ).toContainText('0.033 ETH', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
})

test('a declined card shows the decline and credits nothing', async ({ page }) => {
  const { frame, address } = await openBuy(page)
  await quote(frame, '50')
  const before = await chainClient().getBalance({ address })
  const window = await checkout(page, frame)
  await pay(window, SANDBOX_TEST_CARDS.declined)
  await expect(window.getByTestId('checkout-decline')).toHaveText(SANDBOX_DECLINES.declined)
  await saveScreenshot(window, 'onramp-checkout-declined-light')
  expect(await chainClient().getBalance({ address })).toBe(before)
  // Closing the window with nothing bought takes the modal back to the quote, saying so.
  await window.close()
  await expect(frame.getByTestId('onramp-message')).toHaveText(
    'The checkout window was closed before the purchase arrived',
  )
  await expect(frame.getByTestId('onramp-quote')).toBeVisible()
  expect(await chainClient().getBalance({ address })).toBe(before)
})

test('when the provider cannot quote, the modal shows the API’s estimate, marked as such', async ({
  page,
}) => {
  const { frame } = await openBuy(page, { theme: 'light' })
  await quote(frame, SANDBOX_QUOTE_OUTAGE_AMOUNT)
  await expect(frame.getByTestId('onramp-estimated')).toHaveText('Estimated')
  // 2 % on top (the top of the fee range), at the API's price of 3,000 USD per ETH.
  await expect(frame.getByTestId('onramp-receive')).toContainText('≈ 0.03333 ETH')
  await expect(frame.getByTestId('onramp-total')).toHaveText('101.99 USD')
  await saveScreenshot(page, 'onramp-estimated-light')
  expect(await seriousA11yViolations(frame)).toEqual([])
})

test.describe('in a restricted time zone (spec §9)', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('Buy is hidden: the view cannot be opened, and its chunk is never fetched', async ({ page }) => {
    const chunks = onRampChunkRequests(page)
    const { frame } = await connectBuyer(page)
    expect(await frame.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Shanghai')
    await page.getByTestId('buy-crypto').click()
    await expect(page.getByTestId('error')).toContainText('This view cannot be opened directly')
    await expect(page.getByTestId('modal-state')).not.toHaveText('open (OnRamp)')
    expect(chunks).toEqual([])
  })
})

test('the checkout page in the light scheme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  const { frame } = await openBuy(page)
  await quote(frame, '250')
  const window = await checkout(page, frame)
  await window.getByLabel('Card number').fill('4242')
  await window.getByRole('button', { name: /^Pay / }).click()
  await expect(window.getByText('Enter a valid card number.')).toBeVisible()
  await saveScreenshot(window, 'onramp-checkout-light')
  await context.close()
})
