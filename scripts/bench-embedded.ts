/**
 * The bench's embedded-wallet figures, on the demo dapp of the running stack, driven as a person
 * would: codes read from the dev mail catcher, a virtual passkey authenticator with PRF, Approve
 * clicked in the key frame once it counts (the clickjacking guard is never bypassed).
 *
 * Each run is a fresh browser context (a new user): sign up, then sign a message with the wallet
 * unlocked, then reload and sign again (that Approve click also unlocks with the passkey), then
 * sign out. Once every user has signed up, each logs in again by email code in its own context
 * (a known device, so no confirmation link): the spec's 30 s cooldown per browser has passed by
 * then. Times are taken in the browser, from the triggering event's timestamp in its frame to the
 * DOM change on the dapp page (both as wall time: performance.timeOrigin + a high-res offset).
 */

import { addPasskeyAuthenticator } from '@walletframe/testing/browser'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { timingSummary } from './bench-stats.ts'

export interface EmbeddedBenchUrls {
  dapp: string
  modal: string
  keyFrame: string
  inbox: string
}

/** Spec §5's email-login cooldown per browser, plus a margin for the clocks of modal and server. */
const LOGIN_COOLDOWN_MS = 31_000
const WAIT_MS = 20_000

interface CaughtMail {
  id: number
  code?: string
}

async function mailsTo(inbox: string, email: string): Promise<CaughtMail[]> {
  const response = await fetch(new URL(`/messages.json?to=${encodeURIComponent(email)}`, inbox))
  return (await response.json()) as CaughtMail[]
}

/** The code of the first mail to `email` newer than `afterId`, polled until it arrives. */
async function nextCode(
  inbox: string,
  email: string,
  afterId: number,
): Promise<{ id: number; code: string }> {
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; ) {
    const mail = (await mailsTo(inbox, email)).find((m) => m.id > afterId && m.code)
    if (mail) return { id: mail.id, code: mail.code! }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`No code mailed to ${email}`)
}

async function findFrame(page: Page, urlPrefix: string): Promise<Frame> {
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await page.waitForTimeout(25)) {
    const frame = page.frames().find((f) => f.url().startsWith(urlPrefix))
    if (frame) return frame
  }
  throw new Error(`No frame at ${urlPrefix}`)
}

type Marked = Window & { benchMark?: Promise<number> }

/** Arms, in `frame`, the wall time of the next `type` event (its own timestamp), read by `markTime`. */
const armEvent = (frame: Frame | Page, type: 'click' | 'input') =>
  frame.evaluate((type) => {
    ;(window as Marked).benchMark = new Promise<number>((resolve) =>
      document.addEventListener(type, (event) => resolve(performance.timeOrigin + event.timeStamp), {
        capture: true,
        once: true,
      }),
    )
  }, type)

/** Arms, on the dapp page, the wall time at which the text of `testId` next changes to match `pattern`. */
const armText = (page: Page, testId: string, pattern: RegExp) =>
  page.evaluate(
    ([testId, source]) => {
      const element = document.querySelector(`[data-testid="${testId}"]`)!
      ;(window as Marked).benchMark = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!new RegExp(source).test(element.textContent ?? '')) return
          observer.disconnect()
          resolve(performance.timeOrigin + performance.now())
        })
        observer.observe(element, { childList: true, characterData: true, subtree: true })
      })
    },
    [testId, pattern.source] as const,
  )

const markTime = (frame: Frame | Page) => frame.evaluate(() => (window as Marked).benchMark!)

const statusIs = (page: Page, status: 'connected' | 'disconnected') =>
  page
    .getByTestId('status')
    .and(page.getByText(status, { exact: true }))
    .waitFor({ timeout: WAIT_MS })

export async function benchEmbedded(browser: Browser, urls: EmbeddedBenchUrls, runs: number) {
  const modalOrigin = new URL(urls.modal).origin
  const keyFramePrefix = `${new URL(urls.keyFrame).origin}/frame?`
  const modal = (page: Page) => findFrame(page, modalOrigin)

  async function newUserPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage()
    await addPasskeyAuthenticator(page)
    await page.goto(urls.dapp)
    return page
  }

  /** Connect, email, code; resolves once the code is in the boxes, with the mail's time. */
  async function enterEmailCode(page: Page, email: string, timeCode: boolean) {
    await page.getByTestId('connect').click()
    const before = Math.max(0, ...(await mailsTo(urls.inbox, email)).map((m) => m.id))
    const frame = await modal(page)
    await frame.getByPlaceholder('Email').fill(email)
    await frame.getByRole('button', { name: 'Continue with email' }).click()
    const { code } = await nextCode(urls.inbox, email, before)
    const mailedAt = Date.now()
    const digits = frame.getByLabel('Digit 1')
    await digits.waitFor()
    if (timeCode) await Promise.all([armEvent(frame, 'input'), armText(page, 'status', /^connected$/)])
    await digits.fill(code)
    return { frame, mailedAt }
  }

  async function closeModal(page: Page) {
    await (await modal(page)).getByRole('button', { name: 'Close' }).click()
    await page.locator('iframe[title="WalletFrame"]').waitFor({ state: 'hidden' })
  }

  /** Sign message, then Approve once it is enabled: Approve click → signature on the dapp page. */
  async function timeSignature(page: Page): Promise<number | undefined> {
    await page.getByTestId('sign-message').click()
    const key = await findFrame(page, keyFramePrefix)
    await Promise.all([armEvent(key, 'click'), armText(page, 'signature', /^0x[0-9a-f]{130}$/)])
    // As a person does: the pointer rests on Approve until it shows it counts, then the click.
    const approve = key.getByRole('button', { name: 'Approve' })
    await approve.hover({ timeout: WAIT_MS })
    await approve.and(key.locator('[aria-disabled="false"]')).waitFor({ timeout: WAIT_MS })
    await approve.click({ timeout: WAIT_MS })
    // A mark can be lost when the frame holding it is replaced (the key frame's document after a
    // reload): that sample is counted as missed, not measured, and the run goes on.
    const marks = await Promise.all([markTime(key), markTime(page)]).catch((error: unknown) => {
      if (!String(error).includes('garbage collected')) throw error
      missed++
      return undefined
    })
    await page.locator('iframe[title="WalletFrame"]').waitFor({ state: 'hidden' })
    return marks && marks[1] - marks[0]
  }
  let missed = 0
  const sample = (into: number[], value: number | undefined) => value !== undefined && into.push(value)

  const unlocked: number[] = []
  const unlockAndSign: number[] = []
  const contexts: BrowserContext[] = []
  const users: Array<{ context: BrowserContext; email: string; mailedAt: number }> = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      contexts.push(context)
      const page = await newUserPage(context)
      const email = `bench-${Date.now().toString(36)}-${run}@walletframe.test`
      const { mailedAt } = await enterEmailCode(page, email, false)
      const key = await findFrame(page, keyFramePrefix)
      await key.getByRole('button', { name: 'Create passkey' }).click({ timeout: WAIT_MS })
      await key.getByRole('button', { name: 'I saved it' }).click({ timeout: WAIT_MS })
      await statusIs(page, 'connected')
      await closeModal(page)
      users.push({ context, email, mailedAt })

      sample(unlocked, await timeSignature(page))
      await page.reload()
      await statusIs(page, 'connected')
      sample(unlockAndSign, await timeSignature(page))

      await page.getByTestId('disconnect').click()
      await statusIs(page, 'disconnected')
      await page.close()
    }

    const codeToConnected: number[] = []
    for (const { context, email, mailedAt } of users) {
      const page = await context.newPage()
      await page.goto(urls.dapp)
      await statusIs(page, 'disconnected')
      await page.waitForTimeout(Math.max(0, mailedAt + LOGIN_COOLDOWN_MS - Date.now()))
      const { frame } = await enterEmailCode(page, email, true)
      const [codeAt, connectedAt] = await Promise.all([markTime(frame), markTime(page)])
      codeToConnected.push(connectedAt - codeAt)
      await page.close()
    }

    return {
      emailCodeToConnectedMs: {
        ...timingSummary(codeToConnected),
        measures:
          'returning user, known device, after sign-out: code typed into the boxes → dapp shows connected',
      },
      personalSignApproveToSignatureMs: {
        ...timingSummary(unlocked),
        measures: 'wallet unlocked: Approve click in the key frame → signature on the dapp page',
      },
      personalSignUnlockApproveToSignatureMs: {
        missedSamples: missed,
        ...timingSummary(unlockAndSign),
        measures: 'after a reload: Approve click (passkey unlock, key rebuilt) → signature on the dapp page',
      },
    }
  } finally {
    for (const context of contexts) await context.close()
  }
}
