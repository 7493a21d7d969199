/**
 * A host page that tries to steal an approval (docs/embedded-wallet.md "Approval and
 * clickjacking"): it fades the modal or covers it with a click-through layer. Approve must not
 * count in either; once the page stops, it does. (A modal slid under a resting pointer is refused
 * by the guard's pointer rule, tested in apps/secure-frame's guard tests.)
 */
import type { Page } from '@playwright/test'
import { addPasskeyAuthenticator, approve, keyFrame, signUp, uniqueEmail } from '../support/embedded.ts'
import { expect, stack, test } from '../support/fixtures.ts'

const NOT_VISIBLE = /Approve counts only while this approval is fully visible/

/** The host page's own script acting on the SDK's iframe. */
const styleModalFrame = (page: Page, css: string) =>
  page.evaluate((text) => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="WalletFrame"]')!
    frame.style.cssText += text
  }, css)

async function openApproval(page: Page) {
  await page.getByTestId('sign-message').click()
  const key = await keyFrame(page)
  const button = key.getByRole('button', { name: 'Approve' })
  await expect(button).toBeVisible()
  return { key, button }
}

/**
 * A real, trusted click where the pointer is, as the user makes it: not Playwright's locator click,
 * which would wait for the button to look enabled (it shows `aria-disabled` until it counts).
 */
async function clickHere(page: Page) {
  await page.mouse.down()
  await page.mouse.up()
}

async function expectNoSignature(page: Page) {
  await expect(page.getByTestId('signature-valid')).toHaveText('—')
}

test.describe('approval against a hostile host page', () => {
  test.beforeEach(async ({ page }) => {
    await addPasskeyAuthenticator(page)
    await page.goto(stack.dapp.url)
    await signUp(page, uniqueEmail('clickjack'))
  })

  test('a faded modal (opacity 0.1) cannot approve', async ({ page }) => {
    await styleModalFrame(page, 'opacity:0.1')
    const { key, button } = await openApproval(page)
    await button.hover()
    await clickHere(page)
    await expect(key.getByText(NOT_VISIBLE)).toBeVisible()
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expectNoSignature(page)
    // The page stops: the same approval now counts.
    await styleModalFrame(page, 'opacity:1')
    await approve(page)
    await expect(page.getByTestId('signature-valid')).toHaveText('valid')
  })

  test('a transparent layer over the modal that lets clicks through cannot approve', async ({ page }) => {
    const { key, button } = await openApproval(page)
    await page.evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'cover'
      // pointer-events:none forwards every click to the modal underneath, unseen by the user.
      cover.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgba(255,255,255,0.01)'
      document.body.append(cover)
    })
    await button.hover()
    await clickHere(page)
    await expect(key.getByText(NOT_VISIBLE)).toBeVisible()
    await expectNoSignature(page)
    await page.evaluate(() => document.getElementById('cover')!.remove())
    await approve(page)
    await expect(page.getByTestId('signature-valid')).toHaveText('valid')
  })
})
