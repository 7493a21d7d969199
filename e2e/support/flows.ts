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
