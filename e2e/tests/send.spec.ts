/**
 * Send from the Account view (issue 11 point 2; spec §2, §4 "Sending a token", §5 "Sending"):
 * native and ERC-20 sends through the injected test wallet and through the embedded wallet, to an
 * address and to a name of the names table; the devnet's balances change and Activity shows it;
 * each missing field and insufficient gas are said; a refused send says 'Something went wrong'.
 */
import type { Page } from '@playwright/test'
import { devnetAccounts } from '@walletframe/devnet'
import { SEND_MESSAGES, UI_MESSAGES } from '@walletframe/protocol'
import { parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { addPasskeyAuthenticator, approve, fund, signUp, uniqueEmail } from '../support/embedded.ts'
import {
  animationsFinished,
  chainClient,
  expect,
  injectTestWallet,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'
import { NAMED_ACCOUNT } from '../support/test-stack.ts'
import {
  dusd,
  dusdBalance,
  expectActivity,
  fillSend,
  giveDusd,
  openFeature,
  previewAndSend,
  setEth,
} from '../support/wallet-features.ts'

/** The sender: devnet account #5, which the other specs never use. */
const SENDER = 5
const sender = devnetAccounts()[SENDER]!.address
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

async function connectSender(page: Page, accountIndex = SENDER) {
  await injectTestWallet(page, { accountIndex })
  await page.goto(stack.dapp.url)
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(frame.getByTestId('wallet-feature-send')).toBeVisible()
  return frame
}

test.describe('Send with the injected test wallet', () => {
  test.beforeAll(async () => {
    if ((await dusdBalance(sender)) === 0n) await giveDusd(sender, '100')
  })

  test('native: each missing field is said, then 0.25 ETH lands and Activity shows it', async ({ page }) => {
    const frame = await connectSender(page)
    await openFeature(frame, 'send')
    const preview = frame.getByTestId('send-preview')
    await expect(frame.getByTestId('send-token')).toContainText('ETH')
    await expect(preview).toHaveText(SEND_MESSAGES.receiver)
    await expect(preview).toBeDisabled()
    await frame.getByTestId('send-receiver').fill('nobody-has-this.wf')
    await expect(frame.getByTestId('send-receiver-resolved')).toHaveText(SEND_MESSAGES.receiverUnknown)
    const receiver = freshAddress()
    await frame.getByTestId('send-receiver').fill(receiver)
    await expect(preview).toHaveText(SEND_MESSAGES.amount)
    await frame.getByTestId('send-amount').fill('20000')
    await expect(preview).toHaveText(SEND_MESSAGES.amountTooLarge)
    await frame.getByTestId('send-amount').fill('0.25')
    await expect(frame.getByTestId('send-fee')).toContainText(/≈ (\$\d+\.\d{2}|< \$0\.01)/)
    await expect(frame.getByTestId('send-amount-usd')).toHaveText('$750.00')

    await previewAndSend(frame)
    expect(await chainClient().getBalance({ address: receiver })).toBe(parseEther('0.25'))
    await expectActivity(frame, '-0.250 ETH')
  })

  test('ERC-20: 12.5 dUSD picked from the balances lands and Activity shows it', async ({ page }) => {
    const frame = await connectSender(page)
    const before = await dusdBalance(sender)
    await openFeature(frame, 'send')
    const receiver = freshAddress()
    await fillSend(frame, { token: 'dUSD', amount: '12.5', receiver })
    await previewAndSend(frame)
    expect(await dusdBalance(receiver)).toBe(parseUnits('12.5', dusd.decimals))
    expect(await dusdBalance(sender)).toBe(before - parseUnits('12.5', dusd.decimals))
    await expectActivity(frame, '-12.500 dUSD')
  })

  test('to a name: the name resolves to its address, the preview names it, the account gets the ETH', async ({
    page,
  }) => {
    const frame = await connectSender(page)
    const before = await chainClient().getBalance({ address: NAMED_ACCOUNT.address })
    await openFeature(frame, 'send')
    await fillSend(frame, { amount: '0.01', receiver: NAMED_ACCOUNT.name })
    const resolved = frame.getByTestId('send-receiver-resolved')
    // Spec §9: an address shows its first 4 and last 6 characters; the names table keeps it lower-case.
    const named = NAMED_ACCOUNT.address.toLowerCase()
    await expect(resolved).toHaveText(`${named.slice(0, 4)}…${named.slice(-6)}`)
    await frame.getByTestId('send-preview').click()
    await expect(frame.getByTestId('send-preview-receiver')).toHaveText(NAMED_ACCOUNT.name)
    await frame.getByTestId('send-confirm').click()
    await expect(frame.getByRole('status').filter({ hasText: UI_MESSAGES.transactionStarted })).toBeVisible()
    await expect(frame.locator('[data-view="Account"]')).toBeVisible()
    expect(await chainClient().getBalance({ address: NAMED_ACCOUNT.address })).toBe(
      before + parseEther('0.01'),
    )
  })

  test('an address typed shows its reverse name', async ({ page }) => {
    const frame = await connectSender(page)
    await openFeature(frame, 'send')
    await frame.getByTestId('send-receiver').fill(NAMED_ACCOUNT.address)
    await expect(frame.getByTestId('send-receiver-resolved')).toHaveText(NAMED_ACCOUNT.name)
  })

  test("a refused send says 'Something went wrong' and keeps the preview", async ({ page }) => {
    const frame = await connectSender(page)
    await openFeature(frame, 'send')
    await fillSend(frame, { amount: '0.01', receiver: freshAddress() })
    await frame.getByTestId('send-preview').click()
    await page.evaluate(() =>
      (window as never as { __testWallet: { rejectNext(m: string): void } }).__testWallet.rejectNext(
        'eth_sendTransaction',
      ),
    )
    await frame.getByTestId('send-confirm').click()
    await expect(frame.getByRole('alert').filter({ hasText: UI_MESSAGES.somethingWentWrong })).toBeVisible()
    await expect(frame.locator('[data-view="WalletSendPreview"]')).toBeVisible()
  })

  test('no ETH for gas: insufficient gas is shown and the send cannot go on (spec §5)', async ({ page }) => {
    // Account #8 with its ETH taken away; it still has the ETH row (balance 0).
    const poor = devnetAccounts()[8]!.address
    await setEth(poor, 0n)
    const frame = await connectSender(page, 8)
    await openFeature(frame, 'send')
    await expect(frame.getByTestId('send-insufficient-gas')).toHaveText(SEND_MESSAGES.insufficientGas)
    await frame.getByTestId('send-receiver').fill(freshAddress())
    await frame.getByTestId('send-amount').fill('0')
    await expect(frame.getByTestId('send-preview')).toBeDisabled()
  })

  for (const theme of ['dark', 'light'] as const) {
    test(`screenshots and accessibility (${theme}): Account with its buttons, Send, Send preview`, async ({
      page,
    }) => {
      await injectTestWallet(page, { accountIndex: SENDER })
      await page.goto(stack.dapp.url)
      if (theme === 'light') await page.getByTestId('theme-toggle').click()
      await page.getByTestId('connect').click()
      const frame = await modalFrame(page)
      await frame.getByRole('button', { name: /Test Wallet/ }).click()
      await expect(frame.getByTestId('wallet-features')).toBeVisible()
      await expect(frame.getByTestId('account-panel-tokens').getByTestId('token-dUSD')).toBeVisible()
      await animationsFinished(frame)
      await saveScreenshot(page, `account-features-${theme}`)
      expect(await seriousA11yViolations(frame)).toEqual([])
      await openFeature(frame, 'send')
      await fillSend(frame, { token: 'dUSD', amount: '25', receiver: NAMED_ACCOUNT.name })
      await expect(frame.getByTestId('send-receiver-resolved')).toContainText('0x')
      await expect(frame.getByTestId('send-fee')).toContainText('≈')
      await animationsFinished(frame)
      await saveScreenshot(page, `send-${theme}`)
      expect(await seriousA11yViolations(frame)).toEqual([])
      await frame.getByTestId('send-preview').click()
      await expect(frame.getByTestId('send-preview-receiver')).toHaveText(NAMED_ACCOUNT.name)
      await animationsFinished(frame)
      await saveScreenshot(page, `send-preview-${theme}`)
      expect(await seriousA11yViolations(frame)).toEqual([])
    })
  }
})

test.describe('Send with the embedded wallet', () => {
  test('0.01 ETH after Approve in the key frame, then Account', async ({ page }) => {
    await addPasskeyAuthenticator(page)
    await page.goto(stack.dapp.url)
    const { address } = await signUp(page, uniqueEmail('send'))
    await fund(address)
    await page.getByTestId('account-button').click()
    const frame = await modalFrame(page)
    await openFeature(frame, 'send')
    const receiver = freshAddress()
    await fillSend(frame, { amount: '0.01', receiver })
    await previewAndSend(frame, () => approve(page))
    expect(await chainClient().getBalance({ address: receiver })).toBe(parseEther('0.01'))
    await expectActivity(frame, '-0.010 ETH')
  })
})
