/**
 * A host page that tries to steal an approval (docs/embedded-wallet.md "Approval and
 * clickjacking"): it fades the modal, covers it with a click-through layer, or slides it so that
 * Approve comes under a pointer already at rest. Approve must not count in any; once the page
 * stops, or the pointer has rested on Approve where it now is, it does.
 */
import type { Frame, Page } from '@playwright/test'
import { addPasskeyAuthenticator, approve, keyFrame, signUp, uniqueEmail } from '../support/embedded.ts'
import { expect, stack, test } from '../support/fixtures.ts'

const NOT_VISIBLE = /Approve counts only while this approval is fully visible/
const NOT_AT_REST = /Rest the pointer on the button for a moment/

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

/** Records, in the key frame, what each click lands on: the test's proof of where it went. */
async function recordClicks(key: Frame) {
  await key.evaluate(() => {
    const clicks: string[] = []
    Object.assign(window, { clicksSeen: clicks })
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element
        const name = target.closest('button')?.textContent ?? target.tagName
        clicks.push(`${event.isTrusted ? 'trusted' : 'synthetic'} ${name}`)
      },
      true,
    )
  })
  return () => key.evaluate(() => (window as never as { clicksSeen: string[] }).clicksSeen.splice(0))
}

const center = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
})

/** Resolves once the page has laid out and painted what it changed (two animation frames). */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

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

  /*
   * The pointer rests long enough for Approve to count (the button shows it), away from Approve;
   * then the page slides the whole modal so that Approve sits under the pointer, and the user's
   * next click lands on it. Measured (Chromium 156): the browser delivers that click to the key
   * frame at once, carrying the frame's new screen offset; the guard must refuse it.
   */
  const slides = [
    { where: 'on the approval (slid up)', pointer: { dx: 0, dy: -100 }, css: 'top:-100px' },
    { where: 'beside the modal (slid sideways)', pointer: { dx: -300, dy: 0 }, css: 'left:-300px' },
  ]
  for (const slide of slides) {
    test(`a modal slid under a pointer resting ${slide.where} cannot approve`, async ({ page }) => {
      const { key, button } = await openApproval(page)
      await button.hover()
      await expect(button).toHaveAttribute('aria-disabled', 'false')
      const before = center((await button.boundingBox())!)
      const rest = { x: before.x + slide.pointer.dx, y: before.y + slide.pointer.dy }
      await page.mouse.move(rest.x, rest.y)
      const clicks = await recordClicks(key)

      await styleModalFrame(page, slide.css)
      await painted(page)
      const after = center((await button.boundingBox())!)
      expect(after.x).toBeCloseTo(rest.x, 0)
      expect(after.y).toBeCloseTo(rest.y, 0)
      await clickHere(page)
      // page.mouse.up resolves once the key frame has handled the click: it landed on Approve.
      expect(await clicks()).toEqual(['trusted Approve'])
      await expect(key.getByText(NOT_AT_REST)).toBeVisible()
      await expectNoSignature(page)

      // The pointer now rests on Approve where the page left it: the same approval counts.
      await approve(page)
      await expect(page.getByTestId('signature-valid')).toHaveText('valid')
    })
  }
})
