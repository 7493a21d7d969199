/**
 * Support for the embedded-wallet tests: codes and links read from the dev mail catcher's JSON (the
 * real SMTP exchange of the key server), a virtual passkey authenticator with PRF (Chrome's CDP
 * WebAuthn domain; it serves every frame of the page's tree, the nested key frame included), and
 * the key frame inside the modal frame.
 */
import type { Frame, Page } from '@playwright/test'
import { KEY_FRAME_WARM_UP_ELEMENT_ID } from '@walletframe/protocol'
import { parseEther } from 'viem'

export { addPasskeyAuthenticator } from '@walletframe/testing/browser'

import { animationsFinished, chainClient, expect, modalFrame } from './fixtures.ts'
import { modalIsHidden } from './flows.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()
export const keyOrigin = stack.keyFrame.origin
const inbox = stack.mail.inboxUrl

interface CaughtMail {
  id: number
  to: string[]
  subject: string
  code?: string
  link?: string
}

async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inbox}messages.json?to=${encodeURIComponent(email)}`)
  return (await response.json()) as CaughtMail[]
}

/** A fresh address per test: the key server keeps its users for the whole run. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@walletframe.test`
}

/** The newest mail to `email` newer than `afterId`, with a code or a link, once it has arrived. */
export async function nextMail(email: string, afterId = 0): Promise<CaughtMail> {
  let found: CaughtMail | undefined
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email)).filter((mail) => mail.id > afterId).sort((a, b) => b.id - a.id)[0]
        return found !== undefined
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

/** The id of the newest mail to `email` so far (0 when none): later mails are newer. */
export async function lastMailId(email: string): Promise<number> {
  return Math.max(0, ...(await mailsTo(email)).map((mail) => mail.id))
}

/** The key frame nested in the modal frame. */
export async function keyFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith(`${keyOrigin}/frame?`)), { timeout: 15_000 })
    .toBe(true)
  return page.frames().find((f) => f.url().startsWith(`${keyOrigin}/frame?`))!
}

/** What the demo dapp's Sign message button signs. */
export const MESSAGE = 'Hello from the WalletFrame demo'

/** Types the code of the newest mail into the six boxes (the first box takes a pasted code). */
export async function enterCode(page: Page, email: string, afterId: number) {
  const mail = await nextMail(email, afterId)
  expect(mail.code).toMatch(/^[0-9]{6}$/)
  await (await modalFrame(page)).getByLabel('Digit 1').fill(mail.code!)
  return mail
}

export async function submitEmail(page: Page, email: string) {
  const frame = await modalFrame(page)
  await frame.getByPlaceholder('Email').fill(email)
  await frame.getByRole('button', { name: 'Continue with email' }).click()
  return frame
}

export async function closeModal(page: Page) {
  await (await modalFrame(page)).getByRole('button', { name: 'Close' }).click()
  await modalIsHidden(page)
}

/** How long the key frame must stay put before a click: Chromium's 500 ms, and a frame's margin. */
const AT_REST_MS = 600

/**
 * Resolves once the key frame has kept its place for AT_REST_MS. Chromium drops a click on a
 * cross-origin frame that moved in the last 500 ms (the frame just laid over a view, the dialog
 * still growing), as it would drop a person's: Playwright's own check (two frames unmoved) is
 * shorter than that.
 */
export async function keyFrameAtRest(page: Page) {
  await (await modalFrame(page)).evaluate(
    ([id, restMs]) =>
      new Promise<void>((resolve) => {
        let place = ''
        let since = performance.now()
        const look = () => {
          const box = document.getElementById(id)?.getBoundingClientRect()
          const now = box ? `${box.x},${box.y},${box.width},${box.height}` : ''
          if (now !== place) [place, since] = [now, performance.now()]
          if (performance.now() - since >= restMs) resolve()
          else requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      }),
    [KEY_FRAME_WARM_UP_ELEMENT_ID, AT_REST_MS] as const,
  )
}

/** Clicks a button of the key frame (not an approval: see clickWhenArmed) once the frame is at rest. */
export async function clickInKeyFrame(page: Page, name: string) {
  const button = (await keyFrame(page)).getByRole('button', { name })
  await expect(button).toBeVisible()
  await keyFrameAtRest(page)
  await button.click()
}

/**
 * The wallet setup of a first login, in the key frame: `create` (a passkey, or the key window where
 * the browser has none), then the recovery code, saved. Returns the code.
 */
export async function createWallet(page: Page, create = 'Create passkey') {
  await clickInKeyFrame(page, create)
  const shown = (await keyFrame(page)).getByText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/)
  await expect(shown).toBeVisible()
  const recoveryCode = (await shown.textContent())!
  await clickInKeyFrame(page, 'I saved it')
  return recoveryCode
}

/**
 * A new user: email, code, passkey (or, with `create: 'Create wallet'`, the key window where this
 * browser has no passkeys), recovery code; the dapp is connected at the end.
 */
export async function signUp(page: Page, email: string, create = 'Create passkey') {
  await page.getByTestId('connect').click()
  const before = await lastMailId(email)
  const frame = await submitEmail(page, email)
  await enterCode(page, email, before)
  const recoveryCode = await createWallet(page, create)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(frame.getByText(email)).toBeVisible()
  await closeModal(page)
  const address = (await page.getByTestId('address').textContent()) as `0x${string}`
  return { address, recoveryCode }
}

/**
 * Clicks a button of the key frame's approval as a person does: the pointer rests on it, and the
 * click comes once the button shows it counts (frame visible and pointer at rest for 500 ms).
 */
export async function clickWhenArmed(page: Page, name: string) {
  const button = (await keyFrame(page)).getByRole('button', { name })
  await expect(button).toBeVisible()
  // The dialog still opening moves the key frame under the pointer, which the guard refuses (rightly).
  await animationsFinished(await modalFrame(page))
  await button.hover()
  await expect(button).toHaveAttribute('aria-disabled', 'false')
  await button.click()
}

export const approve = (page: Page) => clickWhenArmed(page, 'Approve')

/** Devnet account #9, where the demo dapp sends its 0.01 ETH. */
export const DEMO_RECIPIENT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** Gives `address` 1 ETH on devnet A, to pay for the demo dapp's transfer and its gas. */
export async function fund(address: `0x${string}`) {
  await fetch(stack.devnet.chains[0]!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [address, '0xde0b6b3a7640000'],
    }),
  })
}

/** The demo dapp's Sign message, approved: a signature the address made. */
export async function signAndVerify(page: Page, address: `0x${string}`) {
  await page.getByTestId('sign-message').click()
  await approve(page)
  await expect(page.getByTestId('signature-valid')).toHaveText('valid')
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  // Through the chain: an EOA's signature, or a smart account's (ERC-1271, ERC-6492 while undeployed).
  expect(await chainClient().verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
}

/** The demo dapp's 0.01 ETH transfer, approved: mined, and the recipient has it. */
export async function sendAndVerify(page: Page, address: `0x${string}`) {
  await fund(address)
  const client = chainClient()
  const before = await client.getBalance({ address: DEMO_RECIPIENT })
  await page.getByTestId('send-transaction').click()
  await expect((await keyFrame(page)).getByText(DEMO_RECIPIENT, { exact: false })).toBeVisible()
  await approve(page)
  await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = (await page.getByTestId('tx-hash').textContent()) as `0x${string}`
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect(await client.getBalance({ address: DEMO_RECIPIENT })).toBe(before + parseEther('0.01'))
}
