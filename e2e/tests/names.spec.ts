/**
 * Name registration (issue 12 point 3; spec §2 RegisterAccountName and RegisterAccountNameSuccess,
 * §4 "Name registration", §5 "Names", §7 `/v1/profile/*`): a user picks a name in the modal, the
 * wallet signs the registration message, and the data API, the Account view and Send know the name.
 */
import type { Frame, Page } from '@playwright/test'
import { ProfileReverseResponseSchema, ProfileSuggestionsResponseSchema } from '@walletframe/protocol'
import { addPasskeyAuthenticator, approve, signUp, uniqueEmail } from '../support/embedded.ts'
import { expect, injectTestWallet, modalFrame, saveScreenshot, stack, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'
import { TEST_ENV } from '../support/test-stack.ts'
import { openFeature } from '../support/wallet-features.ts'

const api = (path: string) =>
  fetch(`http://127.0.0.1:${TEST_ENV.WF_API_PORT}${path}?projectId=${stack.projectId}&st=e2e&sv=1`)
/** A name no other run of the stack has (labels are letters and digits here). */
const freshLabel = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`

async function chooseName(page: Page, frame: Frame, label: string, theme: 'dark' | 'light') {
  await frame.getByTestId('account-choose-name').click()
  const input = frame.getByTestId('name-input')
  // Spec §5: at least 4 characters; letters, digits and hyphens only. Refused before any request.
  await input.fill('ab')
  await expect(frame.getByTestId('name-status')).toHaveText('The name must be at least 4 characters')
  await expect(frame.getByTestId('name-register')).toBeDisabled()
  await input.fill(label)
  await expect(frame.getByTestId('name-status')).toHaveText('Available')
  await expect(frame.getByTestId('name-suggestion').first()).toBeVisible()
  await saveScreenshot(page, `register-name-${theme}`)
  await frame.getByTestId('name-register').click()
}

async function expectRegistered(
  page: Page,
  frame: Frame,
  label: string,
  address: string,
  theme: 'dark' | 'light',
) {
  const name = `${label}.wf`
  await expect(frame.getByTestId('name-registered')).toHaveText(`${name} is yours`)
  // Spec §4: the success view is shown with no going back.
  await expect(frame.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
  await saveScreenshot(page, `register-name-success-${theme}`)
  await frame.getByRole('button', { name: 'Back to account' }).click()
  await expect(frame.getByTestId('account-name')).toHaveText(name)
  // The dapp reads it too: getAccount().profileName (spec §3 account state).
  await expect(page.getByTestId('profile-name')).toHaveText(name)
  const reverse = ProfileReverseResponseSchema.parse(
    await (await api(`/v1/profile/reverse/${address}`)).json(),
  )
  expect(reverse.map((entry) => entry.name)).toEqual([name])
  const asked = ProfileSuggestionsResponseSchema.parse(
    await (await api(`/v1/profile/suggestions/${label}`)).json(),
  )
  expect(asked.suggestions[0]).toEqual({ name, registered: true })
}

test('the injected wallet registers a name; Account, the reverse lookup and Send know it', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page, { accountIndex: 2 })
  await page.goto(stack.dapp.url)
  const frame = await connectThroughModal(page)
  const label = freshLabel()
  await chooseName(page, frame, label, 'dark')
  await expectRegistered(page, frame, label, wallet.address, 'dark')

  // Send takes the name as a receiver and resolves it to the address.
  await openFeature(frame, 'send')
  await frame.getByTestId('send-receiver').fill(`${label}.wf`)
  // The hint shows the resolved address truncated (spec §9: first 4 and last 6 characters).
  await expect(frame.getByTestId('send-receiver-resolved')).toContainText(
    wallet.address.slice(-6).toLowerCase(),
  )
})

test("a declined signature says 'Error registering name {name}' and keeps the form (spec §8)", async ({
  page,
}) => {
  await injectTestWallet(page, { accountIndex: 8 })
  await page.goto(
    `${stack.dapp.url}?${new URLSearchParams({ options: JSON.stringify({ themeMode: 'light' }) })}`,
  )
  const frame = await connectThroughModal(page)
  await page.evaluate(() =>
    (window as never as { __testWallet: { rejectNext(m: string): void } }).__testWallet.rejectNext(
      'personal_sign',
    ),
  )
  const label = freshLabel()
  await chooseName(page, frame, label, 'light')
  await expect(
    frame.getByRole('alert').filter({ hasText: `Error registering name ${label}.wf` }),
  ).toBeVisible()
  await expect(frame.getByTestId('name-register')).toBeEnabled()
  await expect(frame.getByTestId('name-status')).toHaveText('Available')
})

test('a new embedded-wallet user registers a name, approving the message in the key frame', async ({
  page,
}) => {
  await addPasskeyAuthenticator(page)
  await page.goto(
    `${stack.dapp.url}?${new URLSearchParams({ options: JSON.stringify({ themeMode: 'light' }) })}`,
  )
  const { address } = await signUp(page, uniqueEmail('names'))
  await page.getByTestId('account-button').click()
  const frame = await modalFrame(page)
  const label = freshLabel()
  await frame.getByTestId('account-choose-name').click()
  await frame.getByTestId('name-input').fill(label)
  await expect(frame.getByTestId('name-status')).toHaveText('Available')
  await frame.getByTestId('name-register').click()
  await approve(page)
  await expectRegistered(page, frame, label, address, 'light')
})
