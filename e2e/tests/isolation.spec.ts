import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page, Route } from '@playwright/test'
import { expect, modalFrame, stack, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'
import { FOREIGN_ORIGIN } from '../support/test-stack.ts'

const sdkIife = () => readFileSync(fileURLToPath(new URL('../../packages/sdk/dist/walletframe.iife.js', import.meta.url)), 'utf8')
const networks = stack.devnet.chains.map((c) => ({
  id: c.chainId,
  name: c.name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [c.rpcUrl] } },
}))

/** Serves `html` as the page of a site that is not on the dev project's allowlist. */
async function foreignPage(page: Page, html: string) {
  await page.route(`${FOREIGN_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: html }))
  await page.goto(`${FOREIGN_ORIGIN}/`)
}

/** A page on the foreign site that embeds the real SDK (IIFE build) for the dev project. */
const sdkPage = (projectId: string) => `<!doctype html><html><body><h1>Another site</h1>
<script>${sdkIife()}</script>
<script>
  window.wf = WalletFrame.createWalletFrame(${JSON.stringify({ projectId, modalUrl: stack.modal.url, networks })});
  window.outcome = window.wf.connect().then(() => 'connected', (e) => 'rejected ' + e.code + ' ' + e.message);
</script></body></html>`

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
  await dapp.route(`${FOREIGN_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>
        window.answers = [];
        addEventListener('message', (e) => answers.push('window'));
        for (let i = 0; i < parent.frames.length; i++) {
          const target = parent.frames[i];
          if (target === window) continue;
          const hello = new MessageChannel();
          hello.port1.onmessage = () => answers.push('hello answered');
          target.postMessage({ type: 'walletframe:hello', versions: [1], init: {} }, '*', [hello.port2]);
          target.postMessage({ v: 1, id: 'forged-1', kind: 'request', method: 'wallet.disconnect', params: {} }, '*');
        }
      </script>`,
    }),
  )
  await dapp.evaluate((src) => {
    const forger = document.createElement('iframe')
    forger.src = src
    forger.id = 'forger'
    document.body.append(forger)
  }, `${FOREIGN_ORIGIN}/forger`)
  // The parent page itself forging a second hello after the handshake: also ignored.
  const parentAnswers = await dapp.evaluate(async (modalOrigin) => {
    const answers: string[] = []
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="WalletFrame"]')!.contentWindow!
    const channel = new MessageChannel()
    channel.port1.onmessage = () => answers.push('hello answered')
    frame.postMessage({ type: 'walletframe:hello', versions: [1], init: {} }, modalOrigin, [channel.port2])
    frame.postMessage({ v: 1, id: 'forged-2', kind: 'request', method: 'wallet.disconnect', params: {} }, modalOrigin)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    return answers
  }, stack.modal.origin)
  expect(parentAnswers).toEqual([])
  const forger = dapp.frames().find((f) => f.url().startsWith(FOREIGN_ORIGIN))!
  expect(await forger.evaluate(() => (window as never as { answers: string[] }).answers)).toEqual([])
  // The forged disconnect requests did nothing.
  await expect(dapp.getByTestId('status')).toHaveText('connected')
})

test('the modal refuses to be framed by an origin outside the allowlist (CSP frame-ancestors)', async ({ page }) => {
  const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()))
  await foreignPage(page, `<!doctype html><iframe id="m" src="${stack.modal.url}?projectId=${stack.projectId}"></iframe>`)
  await blocked
  const frame = page.frames().find((f) => f !== page.mainFrame())!
  // Chromium replaces a refused frame with its error page: no modal document is there.
  expect(frame.url()).not.toContain(stack.modal.origin)
})

test('a handshake from a disallowed origin shows "Invalid App Configuration" and is not answered', async ({ page }) => {
  // A CDN or proxy may drop the CSP header; the handshake check must hold on its own.
  await page.route(`${stack.modal.origin}/**`, async (route: Route) => {
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    await route.fulfill({ response, headers })
  })
  await foreignPage(page, sdkPage(stack.projectId))
  const frame = await modalFrame(page)
  await expect(frame.getByText('Invalid App Configuration')).toBeVisible()
  await expect.poll(() => page.evaluate(() => (window as never as { outcome: Promise<string> }).outcome), { timeout: 20_000 }).toMatch(
    /^rejected -32603 /,
  )
})

test('an unknown project id shows "Invalid Project ID"', async ({ page }) => {
  await foreignPage(page, sdkPage('no-such-project'))
  const frame = await modalFrame(page)
  await expect(frame.getByText('Invalid Project ID')).toBeVisible()
})
