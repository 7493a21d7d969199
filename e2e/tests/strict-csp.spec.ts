/**
 * Issue 10, frame-security suite: a host page under a strict CSP (`default-src 'self'; script-src
 * 'self'; frame-src <modal origin>`, no 'unsafe-inline') works end to end: the demo dapp's
 * /strict-csp page, which bundles the SDK into its own script and lists every CSP violation it sees.
 */
import { verifyMessage } from 'viem'
import { expect, injectTestWallet, modalFrame, stack, test } from '../support/fixtures.ts'

test('a host page under a strict CSP connects and signs, with no CSP violation', async ({ page }) => {
  const wallet = await injectTestWallet(page)
  const answer = await page.goto(`${stack.dapp.url}strict-csp`)
  expect(answer?.headers()['content-security-policy']).toBe(
    `default-src 'self'; script-src 'self'; frame-src ${stack.modal.origin}`,
  )
  await page.getByRole('button', { name: 'Connect' }).click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.locator('#address')).toHaveText(wallet.address)
  await frame.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Sign "hello"' }).click()
  await expect(page.locator('#signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.locator('#signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: wallet.address, message: 'hello', signature })).toBe(true)
  await expect(page.locator('#violations')).toHaveText('')
})

test('the strict-CSP page reports a violation when one happens (the check above can fail)', async ({
  page,
}) => {
  await page.goto(`${stack.dapp.url}strict-csp`)
  // An inline script, which the policy refuses: the page must see and list it.
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.ran = true'
    document.body.append(script)
  })
  await expect(page.locator('#violations')).toContainText('script-src')
})
