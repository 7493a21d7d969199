/**
 * Social and Farcaster login of the embedded wallet on the real stack (issue 9): the socials list
 * of the Connect view with its platform rules; the dev OIDC provider's popup standing in for each
 * of the six providers over the real authorization-code flow with PKCE, through the real key frame
 * and key server; the Farcaster phone played by the test client, signing with a test fid's custody
 * key that the devnet's IdRegistry knows.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { farcasterTestAccounts } from '@walletframe/devnet'
import { KEY_SERVER_PATHS } from '@walletframe/protocol'
import { signInWithFarcaster } from '@walletframe/testing/farcaster'
import {
  addPasskeyAuthenticator,
  closeModal,
  createWallet,
  keyFrame,
  sendAndVerify,
  signAndVerify,
} from '../support/embedded.ts'
import {
  expect,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

const UA = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
}

/** The demo dapp with no page wallet: the Connect view lists email and socials first (spec §2). */
async function openConnect(page: Page, mode: 'dark' | 'light') {
  await page.goto(stack.dapp.url)
  if (mode === 'light') await page.getByTestId('theme-toggle').click()
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  return frame
}

const socialNames = (frame: Awaited<ReturnType<typeof modalFrame>>) =>
  frame
    .getByRole('button', { name: /^Continue with (?!email)/ })
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent),
    )

for (const mode of ['dark', 'light'] as const) {
  test(`socials list (${mode}): in the default order, accessible, screenshot`, async ({ page }) => {
    const frame = await openConnect(page, mode)
    expect(await socialNames(frame)).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
    ])
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(page, `socials-${mode}`)
    await frame.getByRole('button', { name: 'Show all social logins' }).click()
    await expect(frame.getByRole('button', { name: 'Continue with Apple' })).toBeFocused()
    await expect(frame.getByRole('button', { name: 'Continue with Facebook' })).toBeVisible()
  })
}

const LABELS = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
} as const
type Provider = keyof typeof LABELS

const userName = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`

/**
 * Clicks the provider on the Connect view and signs in as `user` in the popup that opens. Chromium
 * drops input to a cross-origin frame that moved within the last 500 ms (the modal just shown), so
 * a click that opened nothing is made again, as a person would.
 */
async function signInAtProvider(page: Page, context: BrowserContext, provider: Provider, user: string) {
  const popup = await openProviderPopup(page, context, provider)
  await popup.getByLabel('User name').fill(user)
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
  await closed
}

async function openProviderPopup(page: Page, context: BrowserContext, provider: Provider) {
  const modal = await modalFrame(page)
  const button = modal.getByRole('button', { name: `Continue with ${LABELS[provider]}` })
  // Apple and Facebook come after the first five (spec §9 order), behind "Show all social logins".
  if (!(await button.isVisible())) await modal.getByRole('button', { name: 'Show all social logins' }).click()
  let popup: Page | undefined
  await expect(async () => {
    const opened = context.waitForEvent('page', { timeout: 2_000 })
    await button.click({ timeout: 2_000 })
    popup = await opened
  }).toPass({ timeout: 20_000 })
  return popup!
}

async function connectedAddress(page: Page) {
  await expect(page.getByTestId('status')).toHaveText('connected')
  return (await page.getByTestId('address').textContent()) as `0x${string}`
}

async function disconnect(page: Page) {
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
}

test.describe('social login', () => {
  test.beforeEach(async ({ page }) => {
    await addPasskeyAuthenticator(page)
    await page.goto(stack.dapp.url)
  })

  for (const provider of Object.keys(LABELS) as Provider[]) {
    test(`${provider}: a new user signs up through the popup and signs after Approve`, async ({
      page,
      context,
    }) => {
      await page.getByTestId('connect').click()
      await signInAtProvider(page, context, provider, userName(provider))
      await createWallet(page)
      const address = await connectedAddress(page)
      await closeModal(page)
      await signAndVerify(page, address)
    })
  }

  test('a window cut off by the provider’s opener policy (Google’s) leaves its answer with the key server, and connects', async ({
    page,
    context,
  }) => {
    // The popup closes itself once its answer is in: the response is read from the context.
    const answerLeft = context.waitForEvent('response', (response) =>
      response.url().endsWith(KEY_SERVER_PATHS.socialAnswer),
    )
    await page.getByTestId('connect').click()
    const popup = await openProviderPopup(page, context, 'google')
    await popup.getByLabel('User name').fill(userName('cut-off'))
    // The login page's Cross-Origin-Opener-Policy severed the window: the modal sees it closed.
    await expect((await modalFrame(page)).getByRole('alert')).toContainText(/closed/i)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect((await answerLeft).status()).toBe(204)
    await closed
    await createWallet(page)
    await connectedAddress(page)
  })

  // In a browser of its own: a second wallet setup in one page is not reliable yet (issue note).
  test('another user gets another address', async ({ page, context, browser }) => {
    await page.getByTestId('connect').click()
    await signInAtProvider(page, context, 'google', userName('first'))
    await createWallet(page)
    const address = await connectedAddress(page)
    const otherContext = await browser.newContext()
    const other = await otherContext.newPage()
    await addPasskeyAuthenticator(other)
    await other.goto(stack.dapp.url)
    await other.getByTestId('connect').click()
    await signInAtProvider(other, otherContext, 'google', userName('second'))
    await createWallet(other)
    expect(await connectedAddress(other)).not.toBe(address)
    await otherContext.close()
  })

  test('the same user signing in again gets the same address, without a new wallet', async ({
    page,
    context,
  }) => {
    const user = userName('again')
    await page.getByTestId('connect').click()
    await signInAtProvider(page, context, 'discord', user)
    await createWallet(page)
    const address = await connectedAddress(page)
    await closeModal(page)
    await disconnect(page)
    await page.getByTestId('connect').click()
    await signInAtProvider(page, context, 'discord', user)
    expect(await connectedAddress(page)).toBe(address)
  })

  test('after a reload the social account is there, unlocks with the passkey on Approve, signs and sends', async ({
    page,
    context,
  }) => {
    await page.getByTestId('connect').click()
    await signInAtProvider(page, context, 'github', userName('reload'))
    await createWallet(page)
    const address = await connectedAddress(page)
    await closeModal(page)
    await page.reload()
    expect(await connectedAddress(page)).toBe(address)
    await signAndVerify(page, address)
    await sendAndVerify(page, address)
  })

  test('the popup closed before signing in, or Cancel at the provider, gives a clear error', async ({
    page,
    context,
  }) => {
    await page.getByTestId('connect').click()
    const modal = await modalFrame(page)
    const opened = context.waitForEvent('page')
    await modal.getByRole('button', { name: 'Continue with GitHub' }).click()
    await (await opened).close()
    await expect(modal.getByRole('alert')).toContainText(/closed/i)
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  test('a forged state or a replayed code at the callback is refused with a clear error', async ({
    page,
    context,
  }) => {
    const modal = await modalFrame(page)
    const callback = `${stack.keyFrame.origin}/oauth/callback`
    const seen = (path: string, name: string) =>
      context
        .waitForEvent('request', (request) => request.url().includes(path))
        .then((request) => new URL(request.url()).searchParams.get(name) ?? '')
    // An attacker sends the popup to the callback with a state of its own (login CSRF).
    await page.getByTestId('connect').click()
    let popup = await openProviderPopup(page, context, 'google')
    await popup.getByLabel('User name').waitFor() // the modal has sent the popup to the provider
    await popup.goto(`${callback}?code=attacker-code&state=${'A'.repeat(43)}`)
    await expect(popup.getByRole('heading', { name: 'Sign-in not valid' })).toBeVisible()
    await expect(popup.getByText('unknown or was already used')).toBeVisible()
    await popup.close()
    await expect(modal.getByRole('alert')).toContainText(/closed/i)
    await expect(page.getByTestId('status')).toHaveText('disconnected')

    // A code the provider gave for an earlier sign-in, answered under a fresh sign-in's state.
    await modal.getByRole('button', { name: 'Back' }).click()
    const earlierCode = seen('/oauth/callback?', 'code')
    await signInAtProvider(page, context, 'github', userName('first-code'))
    await createWallet(page)
    await connectedAddress(page)
    await closeModal(page)
    await disconnect(page)
    await page.getByTestId('connect').click()
    const freshState = seen('/auth?', 'state')
    popup = await openProviderPopup(page, context, 'github')
    await popup.getByLabel('User name').waitFor()
    const closed = popup.waitForEvent('close')
    const replay = `${callback}?code=${await earlierCode}&state=${await freshState}`
    // Navigated from inside: the callback page closes itself before a `goto` could see its load.
    await popup.evaluate((url) => location.assign(url), replay)
    await closed
    await expect(modal.getByRole('alert')).toContainText('refused the sign-in code')
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  test('Farcaster: the phone signs the QR code’s request and the dapp is connected', async ({ page }) => {
    const [alice] = farcasterTestAccounts()
    await page.getByTestId('connect').click()
    const modal = await modalFrame(page)
    await modal.getByRole('button', { name: 'Continue with Farcaster' }).click()
    await expect(modal.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible()
    const link = modal.getByRole('link', { name: 'Open on this device' })
    await expect(link).toHaveAttribute('href', /^farcaster:\/\/connect\?/)
    expect(await seriousA11yViolations(modal)).toEqual([])
    await saveScreenshot(page, 'farcaster-dark')
    const url = (await link.getAttribute('href'))!
    const signed = await signInWithFarcaster(url, alice!)
    expect(signed.status).toBe(201)
    // A first login sets the wallet up; a retry of this test finds the fid's wallet made already.
    const create = (await keyFrame(page)).getByRole('button', { name: 'Create passkey' })
    const status = page.getByTestId('status')
    await expect
      .poll(async () => (await create.isVisible()) || (await status.textContent()) === 'connected')
      .toBe(true)
    if (await create.isVisible()) await createWallet(page)
    await connectedAddress(page)
    await expect(modal.getByTestId('account-username')).toHaveText(alice!.username)
  })
})

test.describe('platform rules (spec §9)', () => {
  for (const [platform, userAgent, hidden] of [
    ['a Mac hides x', UA.mac, ['Continue with X']],
    ['Android hides facebook and x', UA.android, ['Continue with X', 'Continue with Facebook']],
    ['Linux hides none', UA.linux, []],
  ] as const) {
    test(platform, async ({ browser }) => {
      const context = await browser.newContext({ userAgent })
      const page = await context.newPage()
      const frame = await openConnect(page, 'dark')
      await frame
        .getByRole('button', { name: 'Show all social logins' })
        .click({ timeout: 2_000 })
        .catch(() => undefined)
      const shown = await socialNames(frame)
      expect(shown.length).toBe(7 - hidden.length)
      for (const name of hidden) expect(shown).not.toContain(name)
      await context.close()
    })
  }
})
