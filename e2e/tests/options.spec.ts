/**
 * Every integrator option as a user sees it (issue 17 point 1; spec §3 "Feature options" and
 * "Settings", §4 Toast, §9 Defaults), on the demo page, which takes options from its query string
 * (apps/demo-dapp/src/config.ts).
 */
import type { Frame, Locator, Page } from '@playwright/test'
import { fixtureContracts } from '@walletframe/devnet'
import { erc20Abi } from 'viem'
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
import { TEST_WALLET_RDNS } from '../test-wallet/types.ts'

const LEGAL = {
  termsConditionsUrl: 'https://example.com/terms',
  privacyPolicyUrl: 'https://example.com/privacy',
}
const ACME = {
  id: 'acme',
  name: 'Acme Wallet',
  homepage: 'https://acme.example',
  desktop_link: 'acme://',
  mobile_link: 'acme://',
}

function demoUrl(options: Record<string, unknown> = {}, features?: Record<string, unknown>) {
  const query = new URLSearchParams({ options: JSON.stringify(options) })
  if (features) query.set('features', JSON.stringify(features))
  return `${stack.dapp.url}?${query}`
}

async function openConnect(
  page: Page,
  options: Record<string, unknown> = {},
  features?: Record<string, unknown>,
) {
  await injectTestWallet(page)
  await page.goto(demoUrl(options, features))
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  return frame
}

async function connect(
  page: Page,
  options: Record<string, unknown> = {},
  features?: Record<string, unknown>,
) {
  const frame = await openConnect(page, options, features)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  return frame
}

const TEST_WALLET = `wallet-${TEST_WALLET_RDNS}`

/** The Connect view's rows, top to bottom, but the registry's (featured and recommended) wallets. */
const rowIds = (frame: Frame) =>
  frame
    .getByRole('list', { name: 'Wallets' })
    .locator(
      `[data-testid="wallet-walletConnect"], [data-testid^="wallet-custom-"], [data-testid="${TEST_WALLET}"], [data-testid="all-wallets"]`,
    )
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')))

/** The top edge of `locator` in the frame: the order things are shown in. */
const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN

test.describe('spec §9 defaults', () => {
  test('Connect lists WalletConnect, the page wallet and All Wallets, with the wallet guide and no checkbox', async ({
    page,
  }) => {
    const frame = await openConnect(page)
    await expect
      .poll(() => rowIds(frame))
      .toEqual(expect.arrayContaining(['wallet-walletConnect', 'all-wallets']))
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toBeEnabled()
    await expect(frame.getByTestId('wallet-guide')).toContainText('Haven’t got a wallet?')
    await expect(frame.getByRole('checkbox')).toHaveCount(0)
    await expect(frame.getByTestId('continue-with-wallet')).toHaveCount(0)
  })
})

test.describe('spec §3 feature options', () => {
  test('allWallets: false removes the All Wallets entry', async ({ page }) => {
    const frame = await openConnect(page, {}, { allWallets: false })
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toBeVisible()
    await expect(frame.getByTestId('all-wallets')).toHaveCount(0)
  })

  test('collapseWallets: true shows "Continue with a wallet" instead of the list', async ({ page }) => {
    const frame = await openConnect(page, {}, { collapseWallets: true })
    const button = frame.getByRole('button', { name: 'Continue with a wallet' })
    await expect(button).toBeVisible()
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toHaveCount(0)
    await button.click()
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toBeVisible()
  })

  test('emailShowWallets: false keeps the wallets behind one button next to the email login', async ({
    page,
  }) => {
    const frame = await openConnect(page, {}, { emailShowWallets: false })
    await expect(frame.getByTestId('email-login')).toBeVisible()
    await expect(frame.getByTestId('continue-with-wallet')).toBeVisible()
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toHaveCount(0)
  })

  test('connectorTypeOrder and connectMethodsOrder reorder the view', async ({ page }) => {
    const frame = await openConnect(
      page,
      {},
      {
        connectorTypeOrder: ['injected', 'walletConnect'],
        connectMethodsOrder: ['wallet', 'social', 'email'],
      },
    )
    await expect.poll(() => rowIds(frame)).toEqual([TEST_WALLET, 'wallet-walletConnect', 'all-wallets'])
    const wallet = await top(frame.getByTestId(TEST_WALLET))
    const social = await top(frame.getByTestId('social-logins'))
    const email = await top(frame.getByTestId('email-login'))
    expect(wallet).toBeLessThan(social)
    expect(social).toBeLessThan(email)
  })

  test('history: false removes the Activity tab', async ({ page }) => {
    const frame = await connect(page, {}, { history: false })
    await expect(frame.getByTestId('account-tab-tokens')).toBeVisible()
    await expect(frame.getByTestId('account-tab-activity')).toHaveCount(0)
  })

  test('a wrong option is refused by createWalletFrame(), naming it', async ({ page }) => {
    await injectTestWallet(page)
    await page.goto(demoUrl({}, { collapseWallets: 'yes' }))
    await expect(page.getByTestId('error')).toHaveText(/features\.collapseWallets must be a boolean/)
    await page.goto(demoUrl({}, { connectorTypeOrder: ['injected', 'nearby'] }))
    await expect(page.getByTestId('error')).toHaveText(
      /features\.connectorTypeOrder must be a list of: walletConnect/,
    )
    await page.goto(demoUrl({ termsConditionsUrl: 'http://example.com/terms' }))
    await expect(page.getByTestId('error')).toHaveText(/termsConditionsUrl must be an https URL/)
    await page.goto(demoUrl({ customWallets: [{ ...ACME, image_url: 'javascript:alert(1)' }] }))
    await expect(page.getByTestId('error')).toHaveText(/customWallets\[0\]\.image_url must be an https URL/)
  })
})

test.describe('spec §3 legalCheckbox with the terms and privacy URLs', () => {
  test('every connect action waits for the box; the links open the host pages in a new tab', async ({
    page,
  }) => {
    const frame = await openConnect(page, LEGAL, { legalCheckbox: true })
    const box = frame.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' })
    await expect(box).not.toBeChecked()
    const actions = [
      frame.getByRole('button', { name: /Test Wallet/ }),
      frame.getByTestId('wallet-walletConnect'),
      frame.getByTestId('all-wallets'),
      frame.getByTestId('email-login').getByRole('textbox'),
    ]
    for (const action of actions) await expect(action).toBeDisabled()
    const socials = frame.getByTestId('social-logins').getByRole('button')
    for (const social of await socials.all()) await expect(social).toBeDisabled()
    await expect(frame.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      LEGAL.termsConditionsUrl,
    )
    await expect(frame.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      LEGAL.privacyPolicyUrl,
    )
    for (const name of ['Terms of Service', 'Privacy Policy']) {
      await expect(frame.getByRole('link', { name })).toHaveAttribute('target', '_blank')
      await expect(frame.getByRole('link', { name })).toHaveAttribute('rel', /noopener/)
    }
    // Keyboard: the box takes focus and Space ticks it.
    await box.focus()
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
    for (const action of actions) await expect(action).toBeEnabled()
    await frame.getByRole('button', { name: /Test Wallet/ }).click()
    await expect(page.getByTestId('status')).toHaveText('connected')
  })
})

test.describe('spec §3 customWallets', () => {
  test('a custom wallet sits in the custom slot and connects through a WalletConnect deep link', async ({
    page,
  }) => {
    const frame = await openConnect(
      page,
      { customWallets: [ACME] },
      { connectorTypeOrder: ['walletConnect', 'custom', 'injected'] },
    )
    await expect
      .poll(() => rowIds(frame))
      .toEqual(['wallet-walletConnect', 'wallet-custom-acme', TEST_WALLET, 'all-wallets'])
    await frame.getByTestId('wallet-custom-acme').click()
    const open = frame.getByRole('link', { name: 'Open Acme Wallet' })
    await expect(open).toHaveAttribute('href', /^acme:\/\/wc\?uri=wc%3A/)
  })
})

test.describe('spec §3 tokens', () => {
  test('the Account header shows the configured token instead of the native balance', async ({ page }) => {
    const chainId = stack.devnet.chains[0]!.chainId
    const dUsd = fixtureContracts().tokens.find((token) => token.symbol === 'dUSD')!
    const frame = await connect(page, { tokens: { [`eip155:${chainId}`]: { address: dUsd.address } } })
    // Account #0's dUSD as the chain has it now (other specs send from it), shown to 3 decimals.
    const balance = await chainClient().readContract({
      address: dUsd.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [
        await page.evaluate(
          () => (window as never as { __testWallet: { address: `0x${string}` } }).__testWallet.address,
        ),
      ],
    })
    // Spec §9: balances floor to 3 decimals.
    const thousandths = balance / 10n ** BigInt(dUsd.decimals - 3)
    const shown = (Number(thousandths) / 1000).toLocaleString('en-US', {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    })
    await expect(frame.getByTestId('account-balance')).toHaveText(`${shown} dUSD`)
  })
})

test.describe('spec §9 enable* flags, each on by default', () => {
  test('enableWalletConnect: false removes WalletConnect', async ({ page }) => {
    const frame = await openConnect(page, { enableWalletConnect: false })
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toBeVisible()
    await expect(frame.getByTestId('wallet-walletConnect')).toHaveCount(0)
  })

  test('enableWalletGuide: false removes "Haven’t got a wallet?"', async ({ page }) => {
    const frame = await openConnect(page, { enableWalletGuide: false })
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toBeVisible()
    await expect(frame.getByTestId('wallet-guide')).toHaveCount(0)
  })

  test('enableWallets: false leaves email and social logins only', async ({ page }) => {
    const frame = await openConnect(page, { enableWallets: false })
    await expect(frame.getByTestId('email-login')).toBeVisible()
    await expect(frame.getByRole('list', { name: 'Wallets' })).toHaveCount(0)
    await expect(frame.getByTestId('all-wallets')).toHaveCount(0)
  })

  test('enableEIP6963: false does not list wallets announced over EIP-6963', async ({ page }) => {
    const frame = await openConnect(page, { enableEIP6963: false })
    await expect(frame.getByTestId('wallet-walletConnect')).toBeVisible()
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toHaveCount(0)
  })

  for (const enableNetworkSwitch of [true, false])
    test(`enableNetworkSwitch: ${enableNetworkSwitch} ${enableNetworkSwitch ? 'asks' : 'does not ask'} to switch away from an unsupported network`, async ({
      page,
    }) => {
      const frame = await connect(page, { enableNetworkSwitch })
      await page.keyboard.press('Escape')
      await page.evaluate(() =>
        (window as never as { __testWallet: { switchChain(id: number): void } }).__testWallet.switchChain(
          4242,
        ),
      )
      await expect(page.getByTestId('chain-id')).toHaveText('4242')
      const prompt = frame.getByRole('dialog', { name: 'Switch Network' })
      if (enableNetworkSwitch) await expect(prompt).toBeVisible()
      else {
        // The page shows the new chain once the modal has told it; by then a prompt would be open.
        await expect(page.getByTestId('network-name')).toHaveText('Unsupported network')
        await expect(prompt).toHaveCount(0)
        await expect(page.getByTestId('modal-state')).toHaveText('closed')
      }
    })
})

test.describe('spec §4 debug-style messages (debug on by default, spec §9)', () => {
  test('configuration problems show as a toast with debug on, not with debug: false', async ({ page }) => {
    const problems = { featuredWalletIds: ['no-such-wallet'], customWallets: [{ id: 'bare', name: 'Bare' }] }
    let frame = await openConnect(page, { ...problems, debug: true })
    // Both are told; the later replaces the earlier (spec §4: one toast at a time).
    await expect(frame.locator('.wf-toast')).toHaveText(
      /customWallets: "Bare" has no mobile_link|featuredWalletIds: no wallet "no-such-wallet"/,
    )
    frame = await openConnect(page, { ...problems, debug: false })
    await frame.getByRole('button', { name: /Test Wallet/ }).waitFor()
    await animationsFinished(frame)
    await expect(frame.locator('.wf-toast')).toHaveCount(0)
  })
})

test.describe('screenshots at 360 px (dark and light)', () => {
  test.use({ viewport: { width: 360, height: 780 } })
  const shots = [
    ['connect-legal-checkbox', LEGAL, { legalCheckbox: true }],
    ['connect-collapsed', {}, { collapseWallets: true }],
    ['connect-custom-wallet', { customWallets: [ACME] }, undefined],
  ] as const
  for (const [name, options, features] of shots)
    for (const themeMode of ['dark', 'light'] as const)
      test(`${name} (${themeMode})`, async ({ page }) => {
        const frame = await openConnect(page, { ...options, themeMode }, features)
        await expect(frame.locator('html')).toHaveAttribute('data-theme', themeMode)
        expect(await seriousA11yViolations(frame)).toEqual([])
        await saveScreenshot(page, `${name}-${themeMode}`)
      })
})
