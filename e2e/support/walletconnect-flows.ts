/** The user's steps on a WalletConnect site (support/walletconnect.ts), shared by its specs. */
import type { BrowserContext, Frame, Page } from '@playwright/test'
import { expect, injectTestWallet } from './fixtures.ts'
import type { TestWalletKit, WalletConnectSite } from './walletconnect.ts'

export async function modalFrameOf(page: Page, site: WalletConnectSite): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith(site.modalOrigin)), { timeout: 15_000 })
    .toBe(true)
  return page.frames().find((f) => f.url().startsWith(site.modalOrigin))!
}

export async function openDapp(
  page: Page,
  context: BrowserContext,
  site: WalletConnectSite,
  options: { injectedWallet?: boolean } = {},
) {
  // The URI is read back from the clipboard, as a user pastes it into a wallet.
  for (const origin of [site.dappOrigin, site.modalOrigin])
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  if (options.injectedWallet) await injectTestWallet(page)
  await page.goto(site.dappUrl)
}

/** Clicks "Copy link" in the modal and returns the pairing URI from the clipboard. */
export async function copyPairingUri(page: Page, frame: Frame): Promise<string> {
  await expect(frame.getByRole('img', { name: /QR code/ })).toBeVisible()
  await frame.getByRole('button', { name: 'Copy link' }).click()
  await expect(frame.getByText('Link copied')).toBeVisible()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** Connect with no injected wallet: the modal opens on ConnectingWalletConnectBasic (spec §2). */
export async function connectThroughWalletConnect(
  page: Page,
  site: WalletConnectSite,
  wallet: TestWalletKit,
) {
  await page.getByTestId('connect').click()
  const frame = await modalFrameOf(page, site)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  const uri = await copyPairingUri(page, frame)
  const approved = wallet.nextSession()
  await wallet.pair(uri)
  const topic = await approved
  await expect(page.getByTestId('status')).toHaveText('connected')
  return { frame, topic }
}
