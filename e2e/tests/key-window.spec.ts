/**
 * The key window (docs/embedded-wallet.md "Key window") in a browser where the key frame has no
 * passkeys: a first-party popup of the key origin keeps this browser's device share, so after a
 * reload one Approve click still signs; a browser whose window keeps nothing gets the recovery code.
 * The key frame still has no storage here (the browser's default), which is why the window exists.
 */
import type { BrowserContext, Page } from '@playwright/test'
import {
  clickWhenArmed,
  enterCode,
  keyFrame,
  keyOrigin,
  lastMailId,
  MESSAGE,
  signUp,
  submitEmail,
  uniqueEmail,
} from '../support/embedded.ts'
import {
  chainClient,
  expect,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

/** This browser offers the key frame no WebAuthn (as some browsers do in cross-site frames). */
async function withoutPasskeys(page: Page) {
  await page.addInitScript((origin) => {
    if (location.origin === origin) Reflect.deleteProperty(window, 'PublicKeyCredential')
  }, keyOrigin)
}

/** Runs `click`, then waits for the key window it opens to do its work and close. */
async function throughKeyWindow(context: BrowserContext, click: () => Promise<void>) {
  const done = context.waitForEvent('page').then(async (window) => {
    // The window may have done its work and closed before this runs.
    if (!window.isClosed()) await window.waitForEvent('close')
    return window
  })
  await click()
  const window = await done
  expect(new URL(window.url()).origin).toBe(keyOrigin)
}

/** A new user whose device share the key window keeps ("Create wallet" opens it). */
async function signUpThroughKeyWindow(page: Page, context: BrowserContext, label: string) {
  let signedUp: Awaited<ReturnType<typeof signUp>> | undefined
  await throughKeyWindow(context, async () => {
    signedUp = await signUp(page, uniqueEmail(label), 'Create wallet')
  })
  return signedUp!
}

test.describe('the key window', () => {
  test.beforeEach(async ({ page }) => {
    await withoutPasskeys(page)
    await page.goto(stack.dapp.url)
  })

  test('keeps the key on this browser: after a reload one Approve click signs through it', async ({
    page,
    context,
  }) => {
    const { address } = await signUpThroughKeyWindow(page, context, 'keywindow')
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await page.getByTestId('sign-message').click()
    await throughKeyWindow(context, () => clickWhenArmed(page, 'Approve'))
    await expect(page.getByTestId('signature-valid')).toHaveText('valid')
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await chainClient().verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
  })

  test('a browser whose window keeps nothing for the wallet is offered the recovery code', async ({
    page,
    context,
  }) => {
    const { recoveryCode } = await signUpThroughKeyWindow(page, context, 'keywindow-cleared')
    // The window's first-party storage is cleared; the key frame's session cookie is not.
    const cleaner = await context.newPage()
    await cleaner.goto(`${keyOrigin}/key-window`)
    await cleaner.evaluate(() => indexedDB.deleteDatabase('walletframe-key-window'))
    await cleaner.close()
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await page.getByTestId('sign-message').click()
    await throughKeyWindow(context, () => clickWhenArmed(page, 'Approve'))
    const key = await keyFrame(page)
    await expect(
      key.getByText('This browser keeps no key for this wallet. Use your recovery code.'),
    ).toBeVisible()
    await key.getByLabel('Recovery code').fill(recoveryCode)
    await clickWhenArmed(page, 'Unlock and approve')
    await expect(page.getByTestId('signature-valid')).toHaveText('valid')
  })

  for (const theme of ['dark', 'light'] as const) {
    test(`the setup without passkeys and the key window (${theme}): accessible, screenshots`, async ({
      page,
      context,
    }) => {
      if (theme === 'light') await page.getByTestId('theme-toggle').click()
      const email = uniqueEmail(`keywindow-look-${theme}`)
      await page.getByTestId('connect').click()
      const before = await lastMailId(email)
      await submitEmail(page, email)
      await enterCode(page, email, before)
      const key = await keyFrame(page)
      await expect(key.getByRole('button', { name: 'Create wallet' })).toBeVisible()
      await expect(key.getByText(/small wallet window of this site keeps your wallet key/)).toBeVisible()
      expect(await seriousA11yViolations(key)).toEqual([])
      await saveScreenshot(page, `setup-key-window-${theme}`)
      const window = await context.newPage()
      await window.emulateMedia({ colorScheme: theme })
      await window.goto(`${keyOrigin}/key-window`)
      await expect(window.getByRole('status')).toHaveText(/opened by the WalletFrame wallet/)
      expect(await seriousA11yViolations(window.mainFrame())).toEqual([])
      await saveScreenshot(window, `key-window-${theme}`)
    })
  }
})
