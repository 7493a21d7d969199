/**
 * Issue 13 §7: examples/strict-csp, an integrator's page bundling `@walletframe/sdk` under
 * `default-src 'self'; frame-src <modal>` (no 'unsafe-inline'), connects and signs with the injected
 * test wallet while the test listens for `securitypolicyviolation` from before any page script, and
 * hears none. A refused inline script proves the listening works.
 */

import type { Page } from '@playwright/test'
import { verifyMessage } from 'viem'
import { strictCsp } from '../../examples/strict-csp/csp.ts'
import { type ExampleSite, exampleModalFrame, startExampleSite } from '../support/example-site.ts'
import { expect, injectTestWallet, saveScreenshot, test } from '../support/fixtures.ts'
import { modalIsHidden } from '../support/flows.ts'

let site: ExampleSite
test.beforeAll(async () => {
  site = await startExampleSite({
    dir: 'examples/strict-csp/dist',
    pageHeaders: (modalOrigin) => ({ 'content-security-policy': strictCsp(modalOrigin) }),
  })
})
test.afterAll(async () => {
  await site.close()
})

/** Every violation the page reports, heard from before its first script runs. */
async function listenForViolations(page: Page) {
  await page.addInitScript(() => {
    const heard: string[] = []
    ;(window as { cspViolations?: string[] }).cspViolations = heard
    document.addEventListener('securitypolicyviolation', (event) =>
      heard.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
  return () => page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? [])
}

test('the strict-CSP page connects and signs with no CSP violation', async ({ page }) => {
  const violations = await listenForViolations(page)
  const wallet = await injectTestWallet(page)
  const answer = await page.goto(site.pageUrl)
  expect(answer?.headers()['content-security-policy']).toBe(
    `default-src 'self'; frame-src ${site.modalOrigin}`,
  )
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await saveScreenshot(page, `example-strict-csp-${colorScheme}`)
  }

  await page.getByRole('button', { name: 'Connect' }).click()
  const frame = await exampleModalFrame(page, site)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('#address')).toHaveText(wallet.address)
  await expect(page.locator('#status')).toHaveText('connected')
  await frame.getByRole('button', { name: 'Close' }).click()
  await modalIsHidden(page)
  await page.getByRole('button', { name: 'Sign "hello"' }).click()
  await expect(page.locator('#signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.locator('#signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: wallet.address, message: 'hello', signature })).toBe(true)
  await saveScreenshot(page, 'example-strict-csp-connected-light')

  expect(await violations()).toEqual([])
  await expect(page.locator('#violations')).toHaveText('')
})

test('the listener hears a violation when one happens (the check above can fail)', async ({ page }) => {
  const violations = await listenForViolations(page)
  await page.goto(site.pageUrl)
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.ran = true'
    document.body.append(script)
  })
  await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline/)])
  await expect(page.locator('#violations')).toContainText('script-src')
})
