import type { Frame, Page } from '@playwright/test'
import { UI_MESSAGES, WALLETFRAME_RDNS } from '@walletframe/protocol'
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

/**
 * Spec §6 on every path (issue 17 point 8): the dapp asks WalletFrame's provider, found as a dapp
 * finds it (EIP-6963), for a method no list allows. It is refused with 'Requested RPC call is not
 * allowed', and the modal opens and says 'Action not allowed'.
 */
export async function expectDisallowedMethodRefused(dapp: Page, modal: Frame) {
  const outcome = await dapp.evaluate(
    (rdns) =>
      new Promise<{ code?: number; message?: string }>((resolve) => {
        const onAnnounce = (event: Event) => {
          const { info, provider } = (event as CustomEvent).detail
          if (info.rdns !== rdns) return
          window.removeEventListener('eip6963:announceProvider', onAnnounce)
          provider
            .request({ method: 'eth_sign', params: ['0x0000000000000000000000000000000000000001', '0x00'] })
            .then(
              () => resolve({}),
              ({ code, message }: { code: number; message: string }) => resolve({ code, message }),
            )
        }
        window.addEventListener('eip6963:announceProvider', onAnnounce)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      }),
    WALLETFRAME_RDNS,
  )
  expect(outcome).toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' })
  await expect(dapp.getByTestId('modal-state')).toHaveText(/^open /)
  await expect(modal.getByText(UI_MESSAGES.actionNotAllowed)).toBeVisible()
}
