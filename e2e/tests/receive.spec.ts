/**
 * Receive from the Account view (issue 11 point 3): the address as text and as a QR code that a
 * real decoder (zbarimg, Debian's zbar-tools) reads back as the address, copied with a toast, and
 * the networks it works on.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UI_MESSAGES } from '@walletframe/protocol'
import {
  animationsFinished,
  expect,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'
import { openFeature } from '../support/wallet-features.ts'

for (const theme of ['dark', 'light'] as const) {
  test(`the QR code decodes to the address, which copies with a toast; its networks are listed (${theme})`, async ({
    dapp,
    context,
  }) => {
    for (const origin of [stack.dapp.origin, stack.modal.origin])
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    if (theme === 'light') await dapp.getByTestId('theme-toggle').click()
    const frame = await connectThroughModal(dapp)
    const { address } = dapp.wallet
    await openFeature(frame, 'receive')

    const qr = frame.getByRole('img', { name: `QR code of the address ${address}` })
    await expect(qr).toBeVisible()
    const png = join(mkdtempSync(join(tmpdir(), 'wf-receive-')), 'qr.png')
    writeFileSync(png, await qr.screenshot())
    expect(execFileSync('zbarimg', ['--raw', '-q', png], { encoding: 'utf8' }).trim()).toBe(address)

    await expect(frame.getByTestId('receive-address')).toHaveAttribute('title', address)
    for (const chain of stack.devnet.chains)
      await expect(frame.getByTestId(`receive-network-${chain.chainId}`)).toBeVisible()
    await animationsFinished(frame)
    await saveScreenshot(dapp, `receive-${theme}`)
    expect(await seriousA11yViolations(frame)).toEqual([])

    await frame.getByTestId('receive-copy').click()
    await expect(frame.getByRole('status').filter({ hasText: UI_MESSAGES.addressCopied })).toBeVisible()
    // Read back where a user pastes it: the page (the modal frame may write, not read).
    expect(await dapp.evaluate(() => navigator.clipboard.readText())).toBe(address)
  })
}
