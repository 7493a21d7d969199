/**
 * Issue 13 §5 and §7: examples/script-tag, a plain HTML page loading the SDK and
 * `<walletframe-button>` from the modal host's versioned URLs, pinned with `integrity`, connects the
 * injected test wallet. The files are immutable and open to any origin, and a changed byte is refused.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type ExampleSite, exampleModalFrame, startExampleSite } from '../support/example-site.ts'
import { animationsFinished, expect, injectTestWallet, saveScreenshot, test } from '../support/fixtures.ts'
import { modalIsHidden } from '../support/flows.ts'

const SDK_VERSION = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../packages/sdk/package.json', import.meta.url)), 'utf8'),
  ) as {
    version: string
  }
).version

let site: ExampleSite
test.beforeAll(async () => {
  site = await startExampleSite({ dir: 'examples/script-tag' })
})
test.afterAll(async () => {
  await site.close()
})

/** The page's own instance: a top-level const of its script, handed to elements as the docs say. */
declare const walletFrame: unknown

const shortForm = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

test('the plain HTML page connects through <walletframe-button>', async ({ page }) => {
  const wallet = await injectTestWallet(page)
  const scripts = new Map<string, Record<string, string>>()
  page.on('response', (response) => {
    if (response.url().includes('/sdk/')) scripts.set(new URL(response.url()).pathname, response.headers())
  })
  // The page picks the modal's theme from the colour scheme when it loads: dark here.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(site.pageUrl)
  const button = page.locator('walletframe-button').getByRole('button')
  await expect(button).toHaveText('Connect')
  await expect(button).toBeEnabled()
  for (const file of ['walletframe.iife.js', 'walletframe-button.iife.js']) {
    const headers = scripts.get(`/sdk/${SDK_VERSION}/${file}`)
    expect(headers?.['cache-control'], file).toBe('public, max-age=31536000, immutable')
    expect(headers?.['access-control-allow-origin'], file).toBe('*')
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await saveScreenshot(page, `example-script-tag-${colorScheme}`)
  }

  await button.click()
  const frame = await exampleModalFrame(page, site)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await animationsFinished(frame)
  await saveScreenshot(page, 'example-script-tag-modal-dark')
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('#account')).toHaveText(wallet.address)
  await expect(button).toHaveText(shortForm(wallet.address))
  await expect(button).toHaveAttribute('title', wallet.address)
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await modalIsHidden(page)
  await saveScreenshot(page, 'example-script-tag-connected-dark')

  // Clicked again, the element opens the modal on the account.
  await button.click()
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
})

test('a drop-in file whose bytes differ from its integrity value is not run', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.route(`${site.modalOrigin}/sdk/${SDK_VERSION}/walletframe-button.iife.js`, async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, body: `${await response.text()}\n// one more line` })
  })
  await page.goto(site.pageUrl)
  await expect.poll(() => errors.join('\n')).toContain('integrity')
  // The SDK ran, the element's script did not: `<walletframe-button>` stays an unknown element.
  expect(await page.evaluate(() => customElements.get('walletframe-button') === undefined)).toBe(true)
  expect(await page.evaluate(() => typeof (window as { WalletFrame?: unknown }).WalletFrame)).toBe('object')
})

test('an element follows the instance it is given, and catches up when put back in the page', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page)
  await page.goto(site.pageUrl)
  // A second element, without an instance yet: nothing to open.
  await page.evaluate(() =>
    document.querySelector('main')!.append(document.createElement('walletframe-button')),
  )
  const second = page.locator('walletframe-button').nth(1).getByRole('button')
  await expect(second).toHaveText('Connect')
  await expect(second).toBeDisabled()
  await page.evaluate(() => {
    const element = document.querySelectorAll('walletframe-button')[1] as HTMLElement & {
      walletFrame: unknown
    }
    element.walletFrame = walletFrame
  })
  await expect(second).toBeEnabled()

  await second.click()
  const frame = await exampleModalFrame(page, site)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('walletframe-button').getByRole('button')).toHaveText([
    shortForm(wallet.address),
    shortForm(wallet.address),
  ])

  // Out of the page while the account changes, then back: it shows the account as it is now.
  const removed = await page.evaluateHandle(() => {
    const element = document.querySelectorAll('walletframe-button')[1]!
    element.remove()
    return element
  })
  await frame.getByTestId('disconnect').click()
  await expect(page.locator('#account')).toHaveText('disconnected')
  await removed.evaluate((element) => document.querySelector('main')!.append(element))
  await expect(second).toHaveText('Connect')
  await expect(page.locator('walletframe-button').first().getByRole('button')).toHaveText('Connect')
})
