import { expect, modalFrame, stack, test } from '../support/fixtures.ts'
import { connectThroughModal, expectDisconnectedAfterReload, modalIsHidden } from '../support/flows.ts'

test('connects the injected test wallet through the modal', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  await expect(dapp.getByTestId('address')).toHaveText(dapp.wallet.address)
  await expect(dapp.getByTestId('chain-id')).toContainText(String(stack.devnet.chains[0]!.chainId))
  // After connecting the modal shows the account, then the user closes it.
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await modalIsHidden(dapp)
})

test('closing the modal rejects connect() with 4001', async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect(dapp.getByTestId('error')).toContainText('4001')
  await expect(dapp.getByTestId('status')).toHaveText('disconnected')
  await modalIsHidden(dapp)
})

test('Escape closes the modal and rejects connect() with 4001', async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  // The SDK moves the focus into the frame when the modal reports itself open (the same message
  // that updates the page's state), so the key goes to the modal once the page shows it open.
  await expect(dapp.getByTestId('modal-state')).toHaveText('open (Connect)')
  // A key goes to the document that has the focus: on a loaded machine the frame's document may
  // take it a moment after the page shows the modal open (the full run once pressed too early).
  await expect.poll(() => frame.evaluate(() => document.hasFocus())).toBe(true)
  await dapp.keyboard.press('Escape')
  await expect(dapp.getByTestId('error')).toContainText('4001')
})

test('a declined connection can be retried', async ({ dapp }) => {
  await dapp.evaluate(() =>
    (window as never as { __testWallet: { rejectNext(m: string): void } }).__testWallet.rejectNext(
      'eth_requestAccounts',
    ),
  )
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(frame.getByText('Connection declined')).toBeVisible()
  await frame.getByRole('button', { name: 'Try again' }).click()
  await expect(dapp.getByTestId('status')).toHaveText('connected')
})

test('a reload keeps the connection', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.reload()
  await expect(dapp.getByTestId('status')).toHaveText('connected')
  await expect(dapp.getByTestId('address')).toHaveText(dapp.wallet.address)
  await modalIsHidden(dapp)
})

test('disconnect resets the dapp and a reload stays disconnected', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  await frame.getByTestId('disconnect').click()
  await expect(dapp.getByTestId('status')).toHaveText('disconnected')
  await expect(dapp.getByTestId('events')).toContainText('disconnect')
  await expectDisconnectedAfterReload(dapp)
})
