/**
 * Key material never leaves the key frame (docs/embedded-wallet.md "Custody"): while a user signs
 * up, signs, reloads and signs again (unlocking with the passkey), the dapp page and the modal frame
 * record every message they send or receive; then their messages, storage, cookies and globals hold
 * neither the key frame's session or device cookie nor anything shaped like a key, a share or a
 * recovery code. (The key frame is the only place these may exist.)
 */
import type { Frame, Page } from '@playwright/test'
import { addPasskeyAuthenticator, approve, keyOrigin, signUp, uniqueEmail } from '../support/embedded.ts'
import { expect, modalFrame, stack, test } from '../support/fixtures.ts'

/** Runs in every frame of the page; records only outside the key frame's origin. */
const RECORDER = `(() => {
  if (location.origin === ${JSON.stringify(keyOrigin)}) return
  const seen = (window.__wfSeen = [])
  const keep = (data) => {
    try { seen.push(JSON.stringify(data) ?? String(data)) } catch { seen.push(String(data)) }
  }
  for (const Target of [MessagePort, Window]) {
    const post = Target.prototype.postMessage
    Target.prototype.postMessage = function (data, ...rest) { keep(data); return post.call(this, data, ...rest) }
  }
  window.addEventListener('message', (event) => keep(event.data), true)
  const wrapped = new WeakMap()
  const add = MessagePort.prototype.addEventListener
  const remove = MessagePort.prototype.removeEventListener
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options)
    const recording = function (event) { keep(event.data); return listener.call(this, event) }
    wrapped.set(listener, recording)
    return add.call(this, type, recording, options)
  }
  MessagePort.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, wrapped.get(listener) ?? listener, options)
  }
})()`

/** What a frame holds that script could read: recorded messages, storage, cookies, plain globals. */
function collect(frame: Frame | Page) {
  return frame.evaluate(() => {
    const dump = (read: () => Storage) => {
      try {
        const storage = read()
        return Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`)
      } catch {
        return [] // a cross-site frame has no storage here
      }
    }
    const globals: string[] = []
    for (const key of Object.keys(window)) {
      try {
        const value = (window as never as Record<string, unknown>)[key]
        if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
          globals.push(`${key}=${value}`)
        else if (typeof value === 'object' && !(value instanceof Node))
          globals.push(`${key}=${JSON.stringify(value)}`)
      } catch {
        // cyclic or cross-origin: holds nothing readable as text
      }
    }
    return [
      ...((window as never as { __wfSeen?: string[] }).__wfSeen ?? []),
      ...dump(() => localStorage),
      ...dump(() => sessionStorage),
      document.cookie,
      ...globals,
    ].join('\n')
  })
}

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

  const text = [await collect(page), await collect(await modalFrame(page))].join('\n')
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
