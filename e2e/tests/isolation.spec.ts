import type { Frame, Route } from '@playwright/test'
import { DEVNET_MNEMONIC, devnetAccounts } from '@walletframe/devnet'
import { CHANNEL_ERRORS, ORIGIN_CHECK_PATH, STORAGE_KEYS, STORAGE_PREFIX } from '@walletframe/protocol'
import { BARRIER_KEY } from '@walletframe/testing'
import { expect, modalFrame, stack, test } from '../support/fixtures.ts'
import { connectThroughModal, modalIsHidden } from '../support/flows.ts'
import { hostStorage, hostStorageProblems } from '../support/host-storage.ts'
import { RECORDER, readableText, secretsIn } from '../support/page-secrets.ts'
import { FOREIGN_ORIGIN } from '../support/test-stack.ts'

/** What the page must never hold, known to the test: the dev accounts' keys and their mnemonic. */
const KNOWN_SECRETS: Record<string, string> = {
  mnemonic: DEVNET_MNEMONIC,
  ...Object.fromEntries(devnetAccounts().map((account, i) => [`private key ${i}`, account.privateKey])),
}
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/

test('host page script cannot reach into the modal frame, and the page keeps no secret', async ({
  dapp,
  context,
}) => {
  await context.addInitScript({ content: RECORDER })
  await dapp.reload()
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
  // Nothing secret anywhere page script can read: messages received and sent, storage, cookies, globals.
  const text = await readableText(dapp)
  expect(text).toContain('"method":"account.changed"') // the recorder saw the channel
  expect(secretsIn(text, KNOWN_SECRETS)).toEqual([])
  expect(text.match(JWT)).toBeNull()
  // Storage holds only the non-secret connection hints.
  const stored = await hostStorage(dapp, context)
  expect(stored.map((entry) => entry.key)).toContain(`${STORAGE_PREFIX}/${STORAGE_KEYS.connectionStatus}`)
  expect(hostStorageProblems(stored)).toEqual([])
})

test('the secret check can fail: a key planted in any place page script reads is found', async ({
  dapp,
  context,
}) => {
  await context.addInitScript({ content: RECORDER })
  await dapp.reload()
  const [secret] = devnetAccounts().slice(-1)
  const plants: Record<string, string> = {
    localStorage: 'localStorage.setItem("@walletframe/planted", SECRET)',
    sessionStorage: 'sessionStorage.setItem("planted", SECRET)',
    cookie: 'document.cookie = "planted=" + SECRET',
    global: 'window.planted = { nested: [SECRET] }',
    'window message': 'postMessage({ planted: SECRET }, location.origin)',
    'port message':
      'const c = new MessageChannel(); c.port2.addEventListener("message", () => {}); c.port2.start(); c.port1.postMessage(SECRET.slice(2))',
  }
  const clean =
    'localStorage.removeItem("@walletframe/planted"); sessionStorage.clear(); document.cookie = "planted=; max-age=0"; delete window.planted; window.__wfSeen.length = 0'
  for (const [where, plant] of Object.entries(plants)) {
    await dapp.evaluate(`${clean}; const SECRET = ${JSON.stringify(secret!.privateKey)}; ${plant}`)
    await expect
      .poll(async () => secretsIn(await readableText(dapp), KNOWN_SECRETS), { message: where })
      .toEqual(['private key 9'])
  }
  await dapp.evaluate(clean)
  expect(secretsIn(await readableText(dapp), KNOWN_SECRETS)).toEqual([])
})

/**
 * Proving that no answer came, without sleeping: a listener installed in the modal's window runs
 * after the modal's own listeners for the same message event (listeners run in the order they were
 * added), so by then anything the modal answers synchronously is already posted. The listener then
 * posts a barrier marker (see @walletframe/testing's barrier) on the forged hello's port and back
 * to the forging window: messages on one port, and from one window to another, arrive in order, so
 * once the forger has the marker, an answer sent before it has arrived or never will.
 */
async function watchForgedMessages(modal: Frame) {
  await modal.evaluate((marker) => {
    const seen: string[] = []
    Object.assign(window, { forgedSeen: seen })
    addEventListener('message', (event) => {
      const data = event.data as { type?: string; id?: string } | null
      const name = data?.id ?? data?.type
      if (typeof name !== 'string' || !/^(forged-|walletframe:hello)/.test(name)) return
      seen.push(name)
      const settled = { [marker]: name }
      event.ports[0]?.postMessage(settled)
      ;(event.source as Window | null)?.postMessage(settled, { targetOrigin: '*' })
    })
  }, BARRIER_KEY)
}

test('messages forged from another origin or window are ignored and never answered', async ({ dapp }) => {
  const modal = await connectThroughModal(dapp)
  await watchForgedMessages(modal)
  // Another site framed in the page forges a hello and a request to every frame (support/foreign-site.ts).
  await dapp.evaluate((src) => {
    const forger = document.createElement('iframe')
    forger.src = src
    document.body.append(forger)
  }, `${FOREIGN_ORIGIN}/forger`)
  await expect
    .poll(() =>
      dapp
        .frames()
        .find((f) => f.url().startsWith(FOREIGN_ORIGIN))
        ?.evaluate(() => (window as never as { settled?: number }).settled),
    )
    .toBe(3) // markers behind the forged hello (on its port and on the window channel) and behind the request
  const forger = dapp.frames().find((f) => f.url().startsWith(FOREIGN_ORIGIN))!
  expect(await forger.evaluate(() => (window as never as { answers: string[] }).answers)).toEqual([])

  // The parent page itself forging a second hello after the handshake: also ignored.
  const parentAnswers = await dapp.evaluate(
    ({ modalOrigin, marker }) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="WalletFrame"]')!.contentWindow!
      const channel = new MessageChannel()
      const answers: unknown[] = []
      const settled = new Promise<unknown[]>((resolve) => {
        channel.port1.onmessage = (event) => {
          if ((event.data as Record<string, unknown>)?.[marker] !== undefined) resolve(answers)
          else answers.push(event.data)
        }
      })
      frame.postMessage({ type: 'walletframe:hello', versions: [1], init: {} }, modalOrigin, [channel.port2])
      frame.postMessage(
        { v: 1, id: 'forged-2', kind: 'request', method: 'wallet.disconnect', params: {} },
        modalOrigin,
      )
      return settled
    },
    { modalOrigin: stack.modal.origin, marker: BARRIER_KEY },
  )
  expect(parentAnswers).toEqual([])
  await expect
    .poll(() => modal.evaluate(() => (window as never as { forgedSeen: string[] }).forgedSeen))
    .toContain('forged-2')

  // The forged disconnect requests did nothing: the real channel still signs for the account.
  await dapp.keyboard.press('Escape')
  await modalIsHidden(dapp)
  await dapp.getByTestId('sign-message').click()
  await expect(dapp.getByTestId('signature-valid')).toHaveText('valid')
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

test('a handshake from a disallowed origin is answered only with the typed refusal, and the frame goes away', async ({
  page,
}) => {
  // A CDN or proxy may drop the CSP header, and the page's CSP may keep the SDK from reading the
  // modal server's origin check: the handshake check must hold on its own.
  await page.route(`${stack.modal.origin}/**`, async (route: Route) => {
    if (new URL(route.request().url()).pathname === ORIGIN_CHECK_PATH) return route.abort()
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    await route.fulfill({ response, headers })
  })
  await page.goto(`${FOREIGN_ORIGIN}/sdk?projectId=${stack.projectId}`)
  await expect
    .poll(() => page.evaluate(() => (window as never as { outcome: Promise<string> }).outcome))
    .toBe(`rejected 4100 ${CHANNEL_ERRORS.originNotAllowed.message}`)
  // The page is not locked behind the refused modal.
  await expect(page.locator('iframe')).toHaveCount(0)
})

test('an unknown project id shows "Invalid Project ID" in the frame, and the SDK rejects with UnknownProject', async ({
  page,
}) => {
  await page.goto(
    `${FOREIGN_ORIGIN}/embed?src=${encodeURIComponent(`${stack.modal.url}?projectId=no-such-project`)}`,
  )
  const frame = await modalFrame(page)
  await expect(frame.getByText('Invalid Project ID')).toBeVisible()
  await page.goto(`${FOREIGN_ORIGIN}/sdk?projectId=no-such-project`)
  await expect
    .poll(() => page.evaluate(() => (window as never as { outcome: Promise<string> }).outcome))
    .toBe(`rejected 4100 ${CHANNEL_ERRORS.unknownProject.message}`)
  await expect(page.locator('iframe')).toHaveCount(0)
})
