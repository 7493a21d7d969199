/**
 * The embedded wallet as a person uses it, on the real stack with the browser's default
 * third-party storage (the key frame has none): email codes from the real SMTP exchange, a passkey
 * with PRF from a virtual authenticator, approvals clicked in the key frame.
 */
import { KEY_SERVER_PATHS } from '@walletframe/protocol'
import {
  addPasskeyAuthenticator,
  approve,
  clickInKeyFrame,
  clickWhenArmed,
  closeModal,
  createWallet,
  DEMO_RECIPIENT,
  enterCode,
  fund,
  keyFrame,
  keyOrigin,
  lastMailId,
  MESSAGE,
  nextMail,
  sendAndVerify,
  signAndVerify,
  signUp,
  submitEmail,
  uniqueEmail,
} from '../support/embedded.ts'
import {
  animationsFinished,
  chainClient,
  expect,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'
import { expectDisallowedMethodRefused, modalIsHidden } from '../support/flows.ts'

test.describe('embedded wallet', () => {
  test.beforeEach(async ({ page }) => {
    await addPasskeyAuthenticator(page)
    await page.goto(stack.dapp.url)
  })

  test('a disallowed method with the embedded wallet is refused, and the modal opens and says so (spec §6)', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('disallowed'))
    await expectDisallowedMethodRefused(page, await modalFrame(page))
  })

  test('signs up by email code and a passkey; the dapp signs a message and sends a transaction after Approve', async ({
    page,
  }) => {
    const { address } = await signUp(page, uniqueEmail('sign'))
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    await page.getByTestId('sign-message').click()
    const key = await keyFrame(page)
    await expect(key.getByText(MESSAGE)).toBeVisible()
    await approve(page)
    await expect(page.getByTestId('signature-valid')).toHaveText('valid')
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await chainClient().verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    await modalIsHidden(page)

    await sendAndVerify(page, address)
  })

  test('Reject gives the dapp 4001; closing the modal aborts the request', async ({ page }) => {
    await signUp(page, uniqueEmail('reject'))
    await page.getByTestId('sign-message').click()
    await clickInKeyFrame(page, 'Reject')
    await expect(page.getByTestId('error')).toContainText('4001')
    await modalIsHidden(page)

    await page.getByTestId('sign-message').click()
    await expect((await keyFrame(page)).getByRole('button', { name: 'Approve' })).toBeVisible()
    await closeModal(page)
    await expect(page.getByTestId('error')).toContainText('Request was aborted')
  })

  test('after a reload the account is there at once, and the Approve click unlocks with the passkey', async ({
    page,
  }) => {
    const { address } = await signUp(page, uniqueEmail('reload'))
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(address)
    await signAndVerify(page, address)
  })

  test('signing out ends the session: signing is refused, and a reload stays signed out', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('signout'))
    await page.getByTestId('disconnect').click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await page.getByTestId('sign-message').click()
    await expect(page.getByTestId('error')).not.toBeEmpty()
    await expect(page.getByTestId('signature-valid')).toHaveText('—')
    await page.reload()
    await expect(page.getByTestId('modal-state')).toContainText('closed')
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  // A synced passkey cannot be staged here: CDP exports a credential's private key but not its PRF
  // secret, so a copied passkey unlocks nothing. The new browser recovers with the saved code.
  test('a new browser confirms the device by mail, logs in by code and signs for the same address with the recovery code', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('device')
    const signedUp = await signUp(page, email)
    const { address } = signedUp

    const context = await browser.newContext()
    const other = await context.newPage()
    await addPasskeyAuthenticator(other)
    await other.goto(stack.dapp.url)
    await other.getByTestId('connect').click()
    const before = await lastMailId(email)
    const frame = await submitEmail(other, email)
    await expect(frame.getByText(/confirm/i).first()).toBeVisible()
    const link = (await nextMail(email, before)).link!
    expect(new URL(link).origin).toBe(keyOrigin)
    const confirm = await context.newPage()
    await confirm.goto(link)
    await expect(confirm.getByText(/confirmed/i)).toBeVisible()
    await confirm.close()
    await enterCode(other, email, before + 1)
    await expect(other.getByTestId('status')).toHaveText('connected')
    await expect(other.getByTestId('address')).toHaveText(address)
    await closeModal(other)
    await other.getByTestId('sign-message').click()
    await clickInKeyFrame(other, 'Use recovery code')
    await (await keyFrame(other)).getByLabel('Recovery code').fill(signedUp.recoveryCode)
    await clickWhenArmed(other, 'Unlock and approve')
    await expect(other.getByTestId('signature-valid')).toHaveText('valid')
    const signature = (await other.getByTestId('signature').textContent()) as `0x${string}`
    expect(await chainClient().verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    await context.close()
  })

  test('a wrong code five times locks it; a second login within 30 s is refused with the wait', async ({
    page,
  }) => {
    const email = uniqueEmail('locked')
    await page.getByTestId('connect').click()
    const before = await lastMailId(email)
    const frame = await submitEmail(page, email)
    const { code } = await nextMail(email, before)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Each wrong code is answered by the key server before the next is typed: five attempts count.
      const answered = page.waitForResponse((response) => response.url().endsWith(KEY_SERVER_PATHS.otpVerify))
      await frame.getByLabel('Digit 1').fill(wrong)
      // 401 OTP_INVALID four times, then 403 OTP_LOCKED.
      expect((await answered).status()).toBe(attempt < 5 ? 401 : 403)
      await expect(frame.getByRole('alert').filter({ hasText: /code/i })).toBeVisible()
    }
    await frame.getByLabel('Digit 1').fill(code!)
    await expect(frame.getByTestId('login-error')).toContainText(/too many/i)
    await expect(page.getByTestId('status')).toHaveText('disconnected')

    await frame.getByRole('button', { name: 'Back' }).click()
    await submitEmail(page, email)
    await expect(frame.getByText(/Please try again after [0-9]+ seconds/)).toBeVisible()
  })

  test('updating the email confirms the current address, then the new one', async ({ page }) => {
    const email = uniqueEmail('old')
    const newEmail = uniqueEmail('new')
    await signUp(page, email)
    await page.getByTestId('account-button').click()
    const frame = await modalFrame(page)
    await frame.getByRole('button', { name: 'Update email' }).click()
    const oldBefore = await lastMailId(email)
    await frame.getByPlaceholder('New email').fill(newEmail)
    await frame.getByPlaceholder('New email').press('Enter')
    // A person types a code into the step that has stopped moving: each step's boxes are new, and
    // a code filled in while the previous step still animates out can land in boxes that go away.
    await expect(frame.getByTestId('email-update-code')).toContainText(email)
    await animationsFinished(frame)
    await enterCode(page, email, oldBefore)
    await expect(frame.getByTestId('email-update-code')).toContainText(newEmail)
    await animationsFinished(frame)
    await enterCode(page, newEmail, 0)
    await expect(frame.getByTestId('email-update-code')).toBeHidden()
    await expect(frame.getByText(newEmail)).toBeVisible()
  })

  for (const theme of ['dark', 'light'] as const) {
    test(`email entry, code entry and the approvals (${theme}): accessible, screenshots`, async ({
      page,
    }) => {
      if (theme === 'light') await page.getByTestId('theme-toggle').click()
      const email = uniqueEmail(`look-${theme}`)
      await page.getByTestId('connect').click()
      const frame = await modalFrame(page)
      await frame.getByPlaceholder('Email').fill(email)
      expect(await seriousA11yViolations(frame)).toEqual([])
      await saveScreenshot(page, `email-entry-${theme}`)
      const before = await lastMailId(email)
      await frame.getByRole('button', { name: 'Continue with email' }).click()
      await nextMail(email, before)
      await expect(frame.getByLabel('Digit 1')).toBeVisible()
      expect(await seriousA11yViolations(frame)).toEqual([])
      await saveScreenshot(page, `code-entry-${theme}`)
      await enterCode(page, email, before)
      await createWallet(page)
      await expect(page.getByTestId('status')).toHaveText('connected')
      await closeModal(page)
      const address = (await page.getByTestId('address').textContent()) as `0x${string}`
      await page.getByTestId('sign-message').click()
      await expect((await keyFrame(page)).getByText(MESSAGE)).toBeVisible()
      expect(await seriousA11yViolations(frame)).toEqual([]) // and the dialog has finished opening
      await saveScreenshot(page, `approve-message-${theme}`)
      await clickInKeyFrame(page, 'Reject')
      await modalIsHidden(page)
      await fund(address)
      await page.getByTestId('send-transaction').click()
      await expect((await keyFrame(page)).getByText(DEMO_RECIPIENT)).toBeVisible()
      expect(await seriousA11yViolations(frame)).toEqual([])
      await saveScreenshot(page, `approve-transaction-${theme}`)
    })
  }
})
