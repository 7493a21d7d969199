import type { Route } from '@playwright/test'
import { expect, modalFrame, stack, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'
import { FOREIGN_ORIGIN } from '../support/test-stack.ts'

test('host page script cannot reach into the modal frame', async ({ dapp }) => {
  await connectThroughModal(dapp)
  const attempts = await dapp.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="WalletFrame"]')!.contentWindow!
    const tryRead = (read: () => unknown) => {
      try {
        read()
        return 'readable'
      } catch (error) {
        return (error as Error).name
      }
    }
    return {
      document: tryRead(() => frame.document.body.innerHTML),
      storage: tryRead(() => frame.localStorage.length),
      location: tryRead(() => frame.location.href),
    }
  })
  expect(attempts).toEqual({ document: 'SecurityError', storage: 'SecurityError', location: 'SecurityError' })
  // Nothing secret is kept in the host page: only the non-secret connection hints.
  const keys = await dapp.evaluate(() => Object.keys(localStorage))
  expect(keys.every((key) => key.startsWith('@walletframe/'))).toBe(true)
})

test('messages forged from another origin or window are ignored and never answered', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.evaluate((src) => {
    const forger = document.createElement('iframe')
    forger.src = src
    forger.id = 'forger'
    document.body.append(forger)
  }, `${FOREIGN_ORIGIN}/forger`)
  await expect
    .poll(() =>
      dapp
        .frames()
        .find((f) => f.url().startsWith(FOREIGN_ORIGIN))
        ?.evaluate(() => (window as never as { done?: boolean }).done),
    )
    .toBe(true)
  // The parent page itself forging a second hello after the handshake: also ignored.
  const parentAnswers = await dapp.evaluate(async (modalOrigin) => {
    const answers: string[] = []
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="WalletFrame"]')!.contentWindow!
    const channel = new MessageChannel()
    channel.port1.onmessage = () => answers.push('hello answered')
    frame.postMessage({ type: 'walletframe:hello', versions: [1], init: {} }, modalOrigin, [channel.port2])
    frame.postMessage(
      { v: 1, id: 'forged-2', kind: 'request', method: 'wallet.disconnect', params: {} },
      modalOrigin,
    )
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    return answers
  }, stack.modal.origin)
  expect(parentAnswers).toEqual([])
  const forger = dapp.frames().find((f) => f.url().startsWith(FOREIGN_ORIGIN))!
  expect(await forger.evaluate(() => (window as never as { answers: string[] }).answers)).toEqual([])
  // The forged disconnect requests did nothing.
  await expect(dapp.getByTestId('status')).toHaveText('connected')
})

test('the modal refuses to be framed by an origin outside the allowlist (CSP frame-ancestors)', async ({
  page,
}) => {
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(message.text()))
  await page.goto(`${FOREIGN_ORIGIN}/embed-modal`)
  await expect.poll(() => consoleLines.some((line) => line.includes('frame-ancestors'))).toBe(true)
  // Chromium replaces a refused frame with its error page: no modal document is there.
  await expect
    .poll(() =>
      page
        .frames()
        .find((f) => f !== page.mainFrame())
        ?.url(),
    )
    .toBe('chrome-error://chromewebdata/')
})

test('a handshake from a disallowed origin shows "Invalid App Configuration" and is not answered', async ({
  page,
}) => {
  // A CDN or proxy may drop the CSP header; the handshake check must hold on its own.
  await page.route(`${stack.modal.origin}/**`, async (route: Route) => {
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    await route.fulfill({ response, headers })
  })
  await page.goto(`${FOREIGN_ORIGIN}/sdk?projectId=${stack.projectId}`)
  const frame = await modalFrame(page)
  await expect(frame.getByText('Invalid App Configuration')).toBeVisible()
  await expect
    .poll(() => page.evaluate(() => (window as never as { outcome: Promise<string> }).outcome), {
      timeout: 20_000,
    })
    .toMatch(/^rejected -32603 /)
})

test('an unknown project id shows "Invalid Project ID"', async ({ page }) => {
  await page.goto(`${FOREIGN_ORIGIN}/sdk?projectId=no-such-project`)
  const frame = await modalFrame(page)
  await expect(frame.getByText('Invalid Project ID')).toBeVisible()
})
