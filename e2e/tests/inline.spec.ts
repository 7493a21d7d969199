/**
 * Spec §2 embedded mode: the demo's `?inline` page mounts the modal in its layout
 * (`appendTo: false`, then `mount(element)`): no overlay, sized by its container, always on screen,
 * and closing goes to Account when connected, otherwise to Connect. The frame keeps its own origin.
 */
import type { Page } from '@playwright/test'
import {
  expect,
  injectTestWallet,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

async function openInline(page: Page) {
  const wallet = await injectTestWallet(page)
  await page.goto(`${stack.dapp.url}?inline`)
  const frame = await modalFrame(page)
  await expect(frame.getByRole('region', { name: 'Connect Wallet' })).toBeVisible()
  return { frame, wallet }
}

test('the modal sits in the page layout: no overlay, sized by its container, the page stays usable', async ({
  page,
}) => {
  const { frame } = await openInline(page)
  const container = page.getByTestId('inline-wallet')
  const iframe = container.locator('iframe[title="WalletFrame"]')
  await expect(iframe).toBeVisible()
  const inner = await container.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }))
  const frameBox = await iframe.boundingBox()
  expect({ width: frameBox?.width, height: frameBox?.height }).toEqual(inner)
  expect(inner).toEqual({ width: 358, height: 598 }) // the demo's 360 × 600 card inside its border
  // Nothing covers the page, and the frame took no focus at load.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  await page.getByTestId('theme-toggle').click()
  await expect(page.getByTestId('theme-toggle')).toHaveText('Modal theme: light')
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light')
  // No backdrop in the frame: the overlay is transparent.
  const backdrop = await frame.locator('.wf-overlay').evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(backdrop).toBe('rgba(0, 0, 0, 0)')
})

test('closing goes to Connect when disconnected and to Account when connected; the modal never hides', async ({
  page,
}) => {
  const { frame } = await openInline(page)
  await frame.getByRole('button', { name: 'All Wallets' }).click()
  await expect(frame.getByRole('region', { name: 'All Wallets' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(frame.getByRole('region', { name: 'Connect Wallet' })).toBeVisible()

  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(frame.getByRole('region', { name: 'Account' })).toBeVisible()
  await frame.getByTestId('account-network').click()
  await expect(frame.getByRole('region', { name: 'Choose Network' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(frame.getByRole('region', { name: 'Account' })).toBeVisible()
  await expect(page.getByTestId('inline-wallet').locator('iframe')).toBeVisible()
})

for (const mode of ['dark', 'light'] as const) {
  test(`inline in a host layout (${mode}): accessible, screenshot`, async ({ page }) => {
    const { frame } = await openInline(page)
    if (mode === 'light') await page.getByTestId('theme-toggle').click()
    await expect(frame.locator('html')).toHaveAttribute('data-theme', mode)
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(page, `inline-${mode}`)
  })
}
