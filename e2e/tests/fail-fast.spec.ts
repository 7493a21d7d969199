/**
 * Issue 10, "the dapp can be locked": whatever goes wrong between the page and the modal, every
 * call rejects with a typed error at once and no full-viewport frame is left on the page; the page
 * recovers by itself once the modal is back. Also "project confusion" and "a removed ancestor".
 */
import type { Page } from '@playwright/test'
import { expect, stack, test } from '../support/fixtures.ts'
import { lieInHello } from '../support/lying-host.ts'
import { type Outcome, type SdkSite, startSdkSite } from '../support/sdk-site.ts'
import { FOREIGN_ORIGIN } from '../support/test-stack.ts'

let site: SdkSite
test.beforeAll(async () => {
  site = await startSdkSite()
})
test.afterAll(async () => {
  await site?.close()
})

/** Runs `call` on the page's `window.wf` and returns how it ended. */
const outcomeOf = (page: Page, call: 'connect' | 'open') =>
  page.evaluate((name) => {
    const w = window as never as {
      wf: Record<string, () => Promise<unknown>>
      outcome(p: Promise<unknown>): Promise<unknown>
    }
    return w.outcome(w.wf[name]!())
  }, call) as Promise<Outcome>

/** The site's modal frame, once the page has one. */
async function siteModal(page: Page) {
  const find = () => page.frames().find((f) => f.url().startsWith(site.modalOrigin))
  await expect.poll(() => find() !== undefined).toBe(true)
  return find()!
}

const noFrameLeft = (page: Page) => expect(page.locator('iframe')).toHaveCount(0)

test('a host on an origin the project does not allow: connect() rejects with OriginNotAllowed, no frame is left', async ({
  page,
}) => {
  await page.goto(`${FOREIGN_ORIGIN}/sdk?projectId=${stack.projectId}`)
  // open() at load was refused by the modal server's origin check (frame-ancestors blocks the frame).
  await expect
    .poll(() => page.evaluate(() => (window as never as { outcome: Promise<string> }).outcome))
    .toMatch(/^rejected 4100 Invalid App Configuration: this page's origin is not allowed/)
  await noFrameLeft(page)
  const connected = await page.evaluate(() =>
    (window as never as { wf: { connect(): Promise<unknown> } }).wf
      .connect()
      .catch((e: { code: number; reason: string }) => `${e.code} ${e.reason}`),
  )
  expect(connected).toBe('4100 OriginNotAllowed')
  await noFrameLeft(page)
  await page.getByRole('heading', { name: 'Another site' }).click() // nothing covers the page
})

test('the modal server down when the page opens: connect() rejects with HandshakeTimeout, the frame closes itself, the next call works once the server is back', async ({
  page,
}) => {
  await site.stopModal()
  try {
    await page.goto(`${site.pageUrl}?preload`)
    const down = await outcomeOf(page, 'connect')
    expect(down).toMatchObject({ ok: false, code: -32603, reason: 'HandshakeTimeout' })
    expect(down.ok || down.message).toMatch(/did not answer: check modalUrl, that the modal is up/)
    await noFrameLeft(page)
    await page.getByRole('button', { name: 'page button' }).click()
  } finally {
    await site.startModal()
  }
  expect(await outcomeOf(page, 'open')).toEqual({ ok: true })
  const modal = await siteModal(page)
  await expect(modal.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
})

test('an init naming another project than the frame URL is refused with ProjectMismatch', async ({
  page,
}) => {
  await lieInHello(page, { projectId: 'someone-elses-project' })
  await page.goto(site.pageUrl)
  expect(await outcomeOf(page, 'connect')).toMatchObject({ ok: false, code: 4100, reason: 'ProjectMismatch' })
  await noFrameLeft(page)
})

test('a removed ancestor of the frame (a new <body>) rejects the request in flight at once with FrameGone', async ({
  page,
}) => {
  await page.goto(`${site.pageUrl}?preload`)
  await page.evaluate(() => {
    const w = window as never as { wf: { connect(): Promise<unknown> }; outcome(p: unknown): unknown }
    Object.assign(window, { pending: w.outcome(w.wf.connect()) })
  })
  const modal = await siteModal(page)
  await expect(modal.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await page.evaluate(() =>
    document.documentElement.replaceChild(document.createElement('body'), document.body),
  )
  expect(await page.evaluate(() => (window as never as { pending: Promise<Outcome> }).pending)).toMatchObject(
    {
      ok: false,
      code: 4900,
      reason: 'FrameGone',
    },
  )
})
