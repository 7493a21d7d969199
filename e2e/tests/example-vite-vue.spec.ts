/**
 * Issue 13 §7: examples/vite-vue, a Vite + Vue app on `@walletframe/vue` (production build), connects
 * the injected test wallet; its read-only refs follow the account and the modal.
 */
import { type ExampleSite, exampleModalFrame, startExampleSite } from '../support/example-site.ts'
import {
  animationsFinished,
  expect,
  injectTestWallet,
  saveScreenshot,
  stack,
  test,
} from '../support/fixtures.ts'
import { modalIsHidden } from '../support/flows.ts'

let site: ExampleSite
test.beforeAll(async () => {
  site = await startExampleSite({ dir: 'examples/vite-vue/dist' })
})
test.afterAll(async () => {
  await site.close()
})

test('the Vite + Vue example connects, follows the account and disconnects', async ({ page }) => {
  const wallet = await injectTestWallet(page)
  await page.goto(site.pageUrl)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await saveScreenshot(page, `example-vite-vue-${colorScheme}`)
  }

  await page.getByRole('button', { name: 'Connect' }).click()
  const frame = await exampleModalFrame(page, site)
  await expect(page.getByTestId('modal')).toHaveText('Connect')
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await animationsFinished(frame)
  await saveScreenshot(page, 'example-vite-vue-modal-light')
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  await expect(page.getByTestId('chain-id')).toHaveText(String(stack.devnet.chains[0]!.chainId))
  await expect(page.getByTestId('modal')).toHaveText('Account')
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('modal')).toHaveText('closed')
  await modalIsHidden(page)
  await saveScreenshot(page, 'example-vite-vue-connected-light')

  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible()
})
