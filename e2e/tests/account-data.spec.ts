import type { Frame } from '@playwright/test'
import { expect, modalFrame, saveScreenshot, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'

/**
 * The Account tabs and the wallet registry, against the data API of the e2e stack (apps/api on the
 * devnet fixtures). The modal shows them only when the modal server names a data API in the project
 * bootstrap, so these tests skip until the stack wires one in.
 */
async function hasDataApi(frame: Frame): Promise<boolean> {
  const bootstrap = await frame.locator('#wf-project').textContent()
  return Boolean(bootstrap && (JSON.parse(bootstrap) as { apiUrl?: string }).apiUrl)
}

test('Tokens, NFTs and Activity of test wallet #0', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  test.skip(!(await hasDataApi(frame)), 'the e2e stack has no data API (apiUrl) yet')

  const tokens = frame.getByTestId('account-panel-tokens')
  await expect(tokens.getByTestId('token-dUSD')).toContainText('1,100.500 dUSD')
  await expect(tokens.getByTestId('token-DVT')).toContainText('10.000 DVT')
  // Decimals 0 are not listed (spec §5).
  await expect(tokens.getByTestId('token-ZERO')).toHaveCount(0)
  await expect(tokens.getByTestId('tokens-total')).toHaveText(/^\$[\d,]+\.\d{2}$/)
  await dapp.waitForTimeout(300)
  await saveScreenshot(dapp, 'account-tokens-dark')

  await frame.getByTestId('account-tab-nfts').click()
  const nfts = frame.getByTestId('account-panel-nfts')
  await expect(nfts.getByTestId('nft').first()).toContainText('Devnet Punks')
  await expect(nfts).not.toContainText('Claim Rewards')
  await dapp.waitForTimeout(300)
  await saveScreenshot(dapp, 'account-nfts-dark')

  await frame.getByTestId('account-tab-activity').click()
  const activity = frame.getByTestId('account-panel-activity')
  await expect(activity.getByTestId('activity-item').first()).toBeVisible()
  await expect(activity.getByRole('heading').first()).toHaveText(
    /^(January|February|March|April|May|June|July|August|September|October|November|December)( \d{4})?$/,
  )
  await expect(activity).toContainText(/dUSD|DVT/)
  await dapp.waitForTimeout(300)
  await saveScreenshot(dapp, 'account-activity-dark')
})

test('AllWallets lists the registry and finds a wallet by name', async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  test.skip(!(await hasDataApi(frame)), 'the e2e stack has no data API (apiUrl) yet')

  await frame.getByTestId('all-wallets').click()
  const list = frame.getByTestId('all-wallets-list')
  const registryTiles = list.locator('[data-testid^="registry-wallet-"]')
  await expect(registryTiles.first()).toBeVisible()
  // Installed host wallets come before the registry's.
  const order = await list.evaluate((element) =>
    [...element.querySelectorAll('[data-testid$="-wallet-"], [data-testid*="-wallet-"]')].map((tile) =>
      tile.getAttribute('data-testid')!.startsWith('host-') ? 'host' : 'registry',
    ),
  )
  expect(order[0]).toBe('host')
  const initial = await registryTiles.count()
  expect(initial).toBeGreaterThanOrEqual(40)

  // Infinite scroll: the next page joins the list.
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  await expect.poll(() => registryTiles.count()).toBeGreaterThan(initial)
  await list.evaluate((element) => element.scrollTo(0, 0))
  await dapp.waitForTimeout(300)
  await saveScreenshot(dapp, 'allwallets-dark')

  const target = registryTiles.nth(7)
  const name = (await target.locator('.wf-wallet-tile-name').textContent())!.trim()
  const testId = (await target.getAttribute('data-testid'))!
  await frame.getByPlaceholder('Search wallet').fill(name)
  await expect(list.getByTestId(testId)).toBeVisible()
})
