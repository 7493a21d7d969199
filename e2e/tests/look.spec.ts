import type { Page } from '@playwright/test'
import { expect, modalFrame, saveScreenshot, seriousA11yViolations, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'

async function useTheme(dapp: Page, mode: 'dark' | 'light') {
  if (mode === 'light') await dapp.getByTestId('theme-toggle').click()
}

for (const mode of ['dark', 'light'] as const) {
  test(`Connect view (${mode}): accessible, screenshot`, async ({ dapp }) => {
    await useTheme(dapp, mode)
    await dapp.getByTestId('connect').click()
    const frame = await modalFrame(dapp)
    const dialog = frame.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    await expect(frame.locator('html')).toHaveAttribute('data-theme', mode)
    await expect(dialog).toHaveCSS('width', '360px')
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(dapp, `connect-${mode}`)
  })

  test(`Account view (${mode}): accessible, screenshot`, async ({ dapp }) => {
    await useTheme(dapp, mode)
    const frame = await connectThroughModal(dapp)
    await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(frame.getByTestId('account-balance')).toContainText('ETH')
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(dapp, `account-${mode}`)
  })

  test(`UnsupportedChain view (${mode}): screenshot`, async ({ dapp }) => {
    await useTheme(dapp, mode)
    const frame = await connectThroughModal(dapp)
    await dapp.keyboard.press('Escape')
    await dapp.evaluate(() =>
      (window as never as { __testWallet: { switchChain(i: number): void } }).__testWallet.switchChain(4242),
    )
    await expect(frame.getByRole('dialog', { name: 'Switch Network' })).toBeVisible()
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(dapp, `unsupported-chain-${mode}`)
  })
}

test('focus stays inside the dialog', async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  for (let i = 0; i < 8; i++) {
    await dapp.keyboard.press('Tab')
    expect(
      await frame.evaluate(() => document.querySelector('[role="dialog"]')!.contains(document.activeElement)),
    ).toBe(true)
  }
})

test('AllWallets lists the host wallets and searches them by name', async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await frame.getByTestId('all-wallets').click()
  await expect(frame.getByRole('dialog', { name: 'All Wallets' })).toBeVisible()
  await frame.getByPlaceholder('Search wallet').fill('test')
  await expect(frame.getByRole('button', { name: 'Test Wallet' })).toBeVisible()
  await frame.getByPlaceholder('Search wallet').fill('nothing like it')
  await expect(frame.getByText('No wallet found')).toBeVisible()
  await frame.getByRole('button', { name: 'Back' }).click()
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
})
