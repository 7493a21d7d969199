/**
 * Social and Farcaster logins, as far as the modal goes (issue 9 "Modal"): the socials list of the
 * Connect view with its platform rules, and ConnectingFarcaster against a stand-in key frame (the
 * key frame's Farcaster handlers land separately).
 */
import type { Page } from '@playwright/test'
import {
  fakeKeyFrame,
  SOCIAL_CALLBACK_URL,
  serveFakeKeyFrame,
  serveSocialCallback,
} from '../support/fake-key-frame.ts'
import {
  expect,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

const FARCASTER_URL = 'https://farcaster.xyz/~/siwf?channelToken=0f5e2c4a-7d51-4f0b-9a4e-b1a8c0ffee42'
const EMBEDDED_ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const USER = {
  address: EMBEDDED_ADDRESS,
  chainId: stack.devnet.chains[0]!.chainId,
  accounts: [],
  smartAccountDeployed: false,
  preferredAccountType: 'eoa',
}

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

  test(`ConnectingFarcaster (${mode}): QR code, link and copy; the signed-in name on Account`, async ({
    page,
  }) => {
    await serveFakeKeyFrame(page, {
      'frame.getFarcasterUri': { url: FARCASTER_URL },
      'frame.connectFarcaster': 'held',
      'frame.getUser': USER,
    })
    const frame = await openConnect(page, mode)
    await frame.getByRole('button', { name: 'Continue with Farcaster' }).click()
    await expect(frame.getByRole('dialog', { name: 'Sign In with Farcaster' })).toBeVisible()
    await expect(frame.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible()
    await expect(frame.getByRole('link', { name: 'Open on this device' })).toHaveAttribute(
      'href',
      FARCASTER_URL,
    )
    await expect(frame.getByRole('button', { name: 'Copy link' })).toBeEnabled()
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(page, `farcaster-${mode}`)

    const key = await fakeKeyFrame(page)
    await key.evaluate(() =>
      (window as never as { release(method: string, result: unknown): void }).release(
        'frame.connectFarcaster',
        { userName: 'ada.eth', needsSetup: false },
      ),
    )
    await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(frame.getByTestId('account-username')).toHaveText('ada.eth')
    await expect(page.getByTestId('status')).toHaveText('connected')
  })
}

test.describe('the login window (stand-in key frame and provider)', () => {
  test('opens in the click; the callback page’s message connects, and the user name is on Account', async ({
    page,
  }) => {
    await serveFakeKeyFrame(page, {
      'frame.getSocialRedirectUri': { uri: SOCIAL_CALLBACK_URL },
      'frame.connectSocial': { action: 'CONNECT', needsSetup: false, userName: 'Ada Lovelace' },
      'frame.getUser': USER,
    })
    await serveSocialCallback(page.context())
    const frame = await openConnect(page, 'dark')
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('button', { name: 'Continue with Google' }).click(),
    ])
    await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(frame.getByTestId('account-username')).toHaveText('Ada Lovelace')
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect.poll(() => popup.isClosed()).toBe(true)
  })

  test('closed by the user before the end: the login says so', async ({ page }) => {
    await serveFakeKeyFrame(page, { 'frame.getSocialRedirectUri': { uri: `${stack.dapp.url}#provider` } })
    const frame = await openConnect(page, 'light')
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('button', { name: 'Continue with GitHub' }).click(),
    ])
    await expect(frame.getByText('Continue in the GitHub window that opened.')).toBeVisible()
    await saveScreenshot(page, 'connecting-social-light')
    await popup.close()
    await expect(frame.getByRole('alert')).toHaveText(
      'The login window was closed before the login finished.',
    )
    await expect(frame.getByRole('button', { name: 'Try again' })).toBeVisible()
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
