/**
 * Key material never leaves the key frame (docs/embedded-wallet.md "Custody"): while a user signs
 * up, signs, reloads and signs again (unlocking with the passkey), the dapp page and the modal frame
 * record every message they send or receive; then their messages, storage, cookies and globals hold
 * neither the key frame's session or device cookie nor anything shaped like a key, a share or a
 * recovery code. (The key frame is the only place these may exist.)
 */
import { addPasskeyAuthenticator, approve, keyOrigin, signUp, uniqueEmail } from '../support/embedded.ts'
import { expect, modalFrame, stack, test } from '../support/fixtures.ts'
import { RECORDER, readableText } from '../support/page-secrets.ts'

test('the host page and the modal never see a key, a share, a recovery code or the key frame’s cookies', async ({
  page,
}) => {
  await page.context().addInitScript({ content: RECORDER })
  await addPasskeyAuthenticator(page)
  await page.goto(stack.dapp.url)
  const { recoveryCode } = await signUp(page, uniqueEmail('custody'))
  await page.getByTestId('sign-message').click()
  await approve(page)
  await expect(page.getByTestId('signature-valid')).toHaveText('valid')
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await page.getByTestId('sign-message').click()
  await approve(page) // unlocks with the passkey: the auth share and device share come and go
  await expect(page.getByTestId('signature-valid')).toHaveText('valid')

  const text = [await readableText(page), await readableText(await modalFrame(page))].join('\n')
  // The recorder did run: the channel's own traffic is in the record.
  expect(text).toContain('"method":"account.changed"')
  const cookies = await page.context().cookies(keyOrigin)
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['wf_device', 'wf_session'])
  for (const cookie of cookies) expect(text).not.toContain(cookie.value)
  expect(text).not.toContain(recoveryCode)
  expect(text).not.toContain(recoveryCode.replaceAll('-', ''))
  // A private key is 32 bytes: 64 hex digits on their own (a signature is 130, a hash is not sent here).
  expect(text.match(/(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g) ?? []).toEqual([])
  // A share is 33 bytes: 44 base64 characters; sealed shares are longer but never reach these frames.
  expect(text.match(/[A-Za-z0-9+/]{43}=/g) ?? []).toEqual([])
  for (const word of ['authShare', 'deviceShare', 'privateKey', 'recovery']) expect(text).not.toContain(word)
})
