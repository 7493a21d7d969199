import type { Page } from '@playwright/test'
import { expect, modalFrame } from './fixtures.ts'

/** The user's way in: the dapp's Connect button, then the Test Wallet row in the modal. */
export async function connectThroughModal(dapp: Page) {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(dapp.getByTestId('status')).toHaveText('connected')
  return frame
}

export async function modalIsHidden(dapp: Page) {
  const iframe = dapp.locator(`iframe[title="WalletFrame"]`)
  await expect(iframe).toBeHidden()
}

/**
 * After a reload the page says `disconnected` at once, before the modal has even answered; that
 * alone proves nothing. The modal decides on restoring inside its handshake (a restore emits
 * `connecting` there and then), and its channel is ordered: so once the modal reports it opened
 * for the Connect button, every account update from the handshake has arrived too.
 */
export async function expectDisconnectedAfterReload(dapp: Page) {
  await dapp.reload()
  await dapp.getByTestId('connect').click()
  await expect(dapp.getByTestId('modal-state')).toHaveText(/^open /)
  await expect(dapp.getByTestId('status')).toHaveText('disconnected')
}
