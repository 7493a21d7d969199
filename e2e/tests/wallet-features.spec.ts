/**
 * The Account view's wallet features (issue 11 point 1; spec §2, §3 feature options): a feature
 * turned off has no button, and its chunk is never fetched; one that is on has both.
 */
import type { Page } from '@playwright/test'
import { expect, injectTestWallet, modalFrame, stack, test } from '../support/fixtures.ts'

/** Every script the page's frames fetch from the modal's origin. */
function modalScripts(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(stack.modal.origin) && request.resourceType() === 'script')
      scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}

async function openAccount(page: Page, features: Record<string, unknown>) {
  await injectTestWallet(page)
  await page.goto(`${stack.dapp.url}?features=${encodeURIComponent(JSON.stringify(features))}`)
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(frame.locator('[data-view="Account"]')).toBeVisible()
  return frame
}

test('send turned off: no Send button, and the send chunk is never fetched', async ({ page }) => {
  const scripts = modalScripts(page)
  const frame = await openAccount(page, { send: false })
  await expect(frame.getByTestId('wallet-feature-receive')).toBeVisible()
  await expect(frame.getByTestId('wallet-feature-send')).toHaveCount(0)
  // The receive chunk comes (the Account view preloads what it offers): the watch sees chunks.
  await expect.poll(() => scripts.some((path) => /\/receive-views-[\w-]+\.js$/.test(path))).toBe(true)
  await frame.getByTestId('wallet-feature-receive').click()
  await expect(frame.getByTestId('receive-address')).toBeVisible()
  expect(scripts.filter((path) => /\/send-views-/.test(path))).toEqual([])
})

test('all four off: no buttons at all, no feature chunk fetched', async ({ page }) => {
  const scripts = modalScripts(page)
  const frame = await openAccount(page, { send: false, receive: false, swaps: false, onramp: false })
  await expect(frame.getByTestId('account-balance')).toBeVisible()
  await expect(frame.getByTestId('wallet-features')).toHaveCount(0)
  expect(scripts.filter((path) => /\/(send|receive|swap|onramp)-views-/.test(path))).toEqual([])
})

test('the default order: Buy, Swap, Receive, Send (spec §9)', async ({ page }) => {
  const frame = await openAccount(page, {})
  await expect(frame.getByTestId('wallet-features').getByRole('button')).toHaveText([
    'Buy',
    'Swap',
    'Receive',
    'Send',
  ])
})

test('walletFeaturesOrder orders the buttons; a feature on has its chunk fetched', async ({ page }) => {
  const scripts = modalScripts(page)
  const frame = await openAccount(page, { walletFeaturesOrder: ['send', 'receive'] })
  await expect(frame.getByTestId('wallet-features').getByRole('button')).toHaveText(['Send', 'Receive'])
  await expect.poll(() => scripts.some((path) => /\/send-views-[\w-]+\.js$/.test(path))).toBe(true)
})
