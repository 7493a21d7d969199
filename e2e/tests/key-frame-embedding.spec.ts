/**
 * The key frame runs only where the modal put it (docs/embedded-wallet.md "Where things run"):
 * refused top-level and in any page but a modal origin's (CSP `frame-ancestors`, then its own check
 * of `location.ancestorOrigins`), and even there it takes the hello only from its parent window.
 * A refused frame, or a hello from another window, gets no answer; the real parent's hello does.
 */
import type { ConsoleMessage } from '@playwright/test'
import { HANDSHAKE } from '@walletframe/protocol'
import { expect, modalFrame, stack, test } from '../support/fixtures.ts'
import { addFrame, helloAnswers, keyFrameSrc, markHellos } from '../support/handshake.ts'
import { FOREIGN_ORIGIN } from '../support/test-stack.ts'

const REFUSED = 'Wallet unavailable here'

test('opened top-level, the key frame refuses to run and answers no hello from its opener', async ({
  page,
}) => {
  await page.goto(stack.dapp.url)
  const opened = page.waitForEvent('popup')
  await page.evaluate((src) => {
    Object.assign(window, { keyFramePopup: window.open(src, '_blank') })
  }, keyFrameSrc())
  const popup = await opened
  await expect(popup.getByRole('heading', { name: REFUSED })).toBeVisible()
  await expect(popup.getByText('runs only inside the WalletFrame modal')).toBeVisible()
  await markHellos(popup)
  expect(await helloAnswers(page, ['window.keyFramePopup'])).toEqual([])
})

test('framed by a page of another site, the browser refuses to render it (CSP frame-ancestors)', async ({
  page,
}) => {
  const refusals: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.text().includes('frame-ancestors')) refusals.push(message.text())
  })
  await page.goto(`${FOREIGN_ORIGIN}/embed?src=${encodeURIComponent(keyFrameSrc())}`)
  await expect.poll(() => refusals).toContainEqual(expect.stringContaining(new URL(keyFrameSrc()).origin))
  // Chromium replaces a refused frame with its error page: no key-frame document is there.
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.name() === 'embedded')
        ?.url(),
    )
    .toBe('chrome-error://chromewebdata/')
})

test('framed by the host page itself, not by the modal, it refuses to run and answers no hello', async ({
  page,
}) => {
  // The project's host origins may frame the key frame's page (CSP: they are its top page), so
  // here the key frame's own check is what refuses.
  await page.goto(stack.dapp.url)
  const key = await addFrame(page.mainFrame(), 'wf-key', keyFrameSrc())
  await expect(key.getByRole('heading', { name: REFUSED })).toBeVisible()
  await expect(key.getByText('not embedded by the WalletFrame modal')).toBeVisible()
  await markHellos(key)
  expect(await helloAnswers(page, ['wf-key'])).toEqual([])
})

test('inside a modal-origin page, it ignores a hello from any window but its parent', async ({ page }) => {
  await page.goto(stack.dapp.url)
  // The modal's document is the parent (a modal origin, in the host page): a key frame of our own
  // there, besides the modal's, that no modal code talks to; and a sibling on the modal's origin.
  const modal = await modalFrame(page)
  const key = await addFrame(modal, 'wf-key', keyFrameSrc())
  const sibling = await addFrame(modal, 'wf-sibling', 'about:srcdoc')
  await markHellos(key)

  // The host page above the modal: an allowed host origin, but not the parent.
  expect(await helloAnswers(page, ['iframe[title="WalletFrame"]', 'wf-key'])).toEqual([])
  // A sibling on the modal's own origin: the right origin, but not the parent.
  expect(await helloAnswers(sibling, ['..', 'wf-key'])).toEqual([])
  // The parent: answered, so the frame was listening all along.
  expect(await helloAnswers(modal, ['wf-key'])).toEqual([HANDSHAKE.readyType])
})
