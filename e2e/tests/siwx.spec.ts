/**
 * Wallet sign-in (issue 12 point 1; spec §2 SIWXSignMessage and its close rule, §4 "Wallet sign-in",
 * §8 'Signature declined'): the injected test wallet signs an EIP-4361 message written for the
 * demo's real origin, the data API verifies it, and the session survives a reload.
 */
import type { Page } from '@playwright/test'
import { SiwxSessionSchema, UI_MESSAGES } from '@walletframe/protocol'
import {
  addPasskeyAuthenticator,
  approve,
  createWallet,
  enterCode,
  keyFrame,
  lastMailId,
  submitEmail,
  uniqueEmail,
} from '../support/embedded.ts'
import {
  animationsFinished,
  expect,
  injectTestWallet,
  modalFrame,
  saveScreenshot,
  stack,
  test,
} from '../support/fixtures.ts'
import { modalIsHidden } from '../support/flows.ts'
import { TEST_ENV } from '../support/test-stack.ts'

const STATEMENT = 'Sign in to the WalletFrame demo'

async function openDemo(page: Page, siwx: Record<string, unknown>, options: Record<string, unknown> = {}) {
  const wallet = await injectTestWallet(page, { accountIndex: 6 })
  const query = new URLSearchParams({ options: JSON.stringify({ siwx, ...options }) })
  await page.goto(`${stack.dapp.url}?${query}`)
  return wallet
}

async function connect(page: Page) {
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(frame.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  return frame
}

const rejectNextSignature = (page: Page) =>
  page.evaluate(() =>
    (window as never as { __testWallet: { rejectNext(m: string): void } }).__testWallet.rejectNext(
      'personal_sign',
    ),
  )

test('spec §4: required sign-in opens after connecting, cannot be closed, signs, and survives a reload', async ({
  page,
}) => {
  const wallet = await openDemo(page, { statement: STATEMENT })
  const frame = await connect(page)
  await expect(frame.getByText(STATEMENT)).toBeVisible()
  await animationsFinished(frame)
  await saveScreenshot(page, 'siwx-sign-dark')

  // Spec §2: closing is disabled while sign-in is required and no session exists.
  await page.keyboard.press('Escape')
  await expect(frame.getByRole('dialog', { name: 'Sign In' })).toBeVisible()

  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await modalIsHidden(page)
  const shown = page.getByTestId('signed-in-session')
  await expect(shown).toContainText(wallet.address)
  const id = (await shown.textContent())?.match(/\(([0-9a-f]{32})\)/)?.[1]
  expect(id).toBeTruthy()

  // The data API holds it, verified, for the demo's own origin (what a dapp backend checks).
  const api = `http://127.0.0.1:${TEST_ENV.WF_API_PORT}`
  const response = await fetch(`${api}/v1/sessions/${id}?projectId=${stack.projectId}&st=e2e&sv=1`)
  const session = SiwxSessionSchema.parse(await response.json())
  expect(session).toMatchObject({
    status: 'active',
    address: wallet.address,
    uri: new URL(stack.dapp.url).origin,
  })
  expect(session.message).toContain(STATEMENT)

  await page.reload()
  await expect(page.getByTestId('signed-in-session')).toContainText(id!)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('modal-state')).toHaveText(/^closed/)

  await page.getByTestId('sign-out').click()
  await expect(page.getByTestId('signed-in-session')).toHaveText('—')
  // Required sign-in: signing out disconnects too, and the API revoked the session.
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect
    .poll(async () => {
      const read = await fetch(`${api}/v1/sessions/${id}?projectId=${stack.projectId}&st=e2e&sv=1`)
      return SiwxSessionSchema.parse(await read.json()).status
    })
    .toBe('revoked')
})

test("spec §4/§8: a declined signature says 'Signature declined' and lets the user try again; cancel disconnects", async ({
  page,
}) => {
  await openDemo(page, { statement: STATEMENT }, { themeMode: 'light' })
  const frame = await connect(page)
  await animationsFinished(frame)
  await saveScreenshot(page, 'siwx-sign-light')
  await rejectNextSignature(page)
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(frame.getByRole('alert').filter({ hasText: UI_MESSAGES.signatureDeclined })).toBeVisible()
  await saveScreenshot(page, 'siwx-declined-light')
  await expect(frame.getByText('The message was not signed. You can try again.')).toBeVisible()
  await frame.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByTestId('signed-in-session')).toHaveText('—')
})

test('spec §4: after a declined signature, signing again signs in', async ({ page }) => {
  const wallet = await openDemo(page, {})
  const frame = await connect(page)
  await rejectNextSignature(page)
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(frame.getByRole('alert').filter({ hasText: UI_MESSAGES.signatureDeclined })).toBeVisible()
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await modalIsHidden(page)
  await expect(page.getByTestId('signed-in-session')).toContainText(wallet.address)
})

test('spec §4: optional sign-in may be closed, keeping the wallet connected and no session', async ({
  page,
}) => {
  await openDemo(page, { required: false })
  const frame = await connect(page)
  await frame.getByRole('button', { name: 'Cancel' }).click()
  await modalIsHidden(page)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('signed-in-session')).toHaveText('—')
})

test('spec §4: switching to a network the session was not signed on asks to sign in again', async ({
  page,
}) => {
  await openDemo(page, {})
  const frame = await connect(page)
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await modalIsHidden(page)
  const first = await page.getByTestId('signed-in-session').textContent()
  const second = stack.devnet.chains[1]!
  await page.getByTestId('network-select').selectOption(String(second.chainId))
  await page.getByTestId('switch-network').click()
  await expect(page.getByTestId('chain-id')).toContainText(String(second.chainId))
  await expect(page.getByTestId('signed-in-session')).toHaveText('—')
  await expect(frame.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByTestId('signed-in-session')).toContainText(` on ${second.chainId} `)
  expect(await page.getByTestId('signed-in-session').textContent()).not.toBe(first)
})

test('spec §4: a new embedded-wallet user signs in, approving the message in the key frame', async ({
  page,
}) => {
  await addPasskeyAuthenticator(page)
  await page.goto(`${stack.dapp.url}?${new URLSearchParams({ options: JSON.stringify({ siwx: {} }) })}`)
  await page.getByTestId('connect').click()
  const email = uniqueEmail('siwx')
  const before = await lastMailId(email)
  const frame = await submitEmail(page, email)
  await enterCode(page, email, before)
  await createWallet(page)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(frame.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  // Required sign-in: the modal stays until the user signs in (spec §2).
  await page.keyboard.press('Escape')
  await expect(frame.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  const address = (await page.getByTestId('address').textContent())!
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(
    (await keyFrame(page)).getByText('wants you to sign in with your Ethereum account', { exact: false }),
  ).toBeVisible()
  await approve(page)
  await modalIsHidden(page)
  const session = page.getByTestId('signed-in-session')
  await expect(session).toContainText(new RegExp(address, 'i'))
  const signedIn = await session.textContent()

  // After a reload the embedded account comes back and the session with it: no new sign-in.
  await page.reload()
  await expect(page.getByTestId('signed-in-session')).toHaveText(signedIn!)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('modal-state')).toHaveText(/^closed/)
})

for (const theme of ['dark', 'light'] as const) {
  test(`spec §2: with the siwe option the sign-in view is ConnectingSiwe (${theme})`, async ({ page }) => {
    await injectTestWallet(page, { accountIndex: 6 })
    const options = { siwe: { statement: STATEMENT }, themeMode: theme }
    await page.goto(`${stack.dapp.url}?${new URLSearchParams({ options: JSON.stringify(options) })}`)
    await page.getByTestId('connect').click()
    const frame = await modalFrame(page)
    await frame.getByRole('button', { name: /Test Wallet/ }).click()
    await expect(frame.getByRole('dialog', { name: 'Sign In With Ethereum' })).toBeVisible()
    await expect(page.getByTestId('modal-state')).toHaveText('open (ConnectingSiwe)')
    await animationsFinished(frame)
    await saveScreenshot(page, `connecting-siwe-${theme}`)
    await frame.getByRole('button', { name: 'Sign', exact: true }).click()
    await modalIsHidden(page)
    await expect(page.getByTestId('signed-in-session')).toContainText(' on ')
  })
}
