import type { Frame } from '@playwright/test'
import { expect, modalFrame, saveScreenshot, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'

/**
 * The Account tabs and the wallet registry, against the data API of the e2e stack (apps/api on the
 * devnet fixtures). The modal shows them only when the modal server names a data API in the project
 * bootstrap: the stack must have wired one in.
 */
async function expectDataApi(frame: Frame) {
  const bootstrap = await frame.locator('#wf-project').textContent()
  expect((JSON.parse(bootstrap ?? '{}') as { apiUrl?: string }).apiUrl).toMatch(/^http/)
}

test('Tokens, NFTs and Activity of test wallet #0', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  await expectDataApi(frame)

  const tokens = frame.getByTestId('account-panel-tokens')
  await expect(tokens.getByTestId('token-dUSD')).toContainText('1,100.500 dUSD')
  await expect(tokens.getByTestId('token-DVT')).toContainText('10.000 DVT')
  // Decimals 0 are not listed (spec §5).
  await expect(tokens.getByTestId('token-ZERO')).toHaveCount(0)
  await expect(tokens.getByTestId('tokens-total')).toHaveText(/^\$[\d,]+\.\d{2}$/)
  await saveScreenshot(dapp, 'account-tokens-dark')

  await frame.getByTestId('account-tab-nfts').click()
  const nfts = frame.getByTestId('account-panel-nfts')
  await expect(nfts.getByTestId('nft').first()).toContainText('Devnet Punks')
  await expect(nfts).not.toContainText('Claim Rewards')
  await saveScreenshot(dapp, 'account-nfts-dark')

  await frame.getByTestId('account-tab-activity').click()
  const activity = frame.getByTestId('account-panel-activity')
  await expect(activity.getByTestId('activity-item').first()).toBeVisible()
  await expect(activity.getByRole('heading').first()).toHaveText(
    /^(January|February|March|April|May|June|July|August|September|October|November|December)( \d{4})?$/,
  )
  await expect(activity).toContainText(/dUSD|DVT/)
  await saveScreenshot(dapp, 'account-activity-dark')
})

test('AllWallets lists the registry and finds a wallet by name', async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await expectDataApi(frame)

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
  await saveScreenshot(dapp, 'allwallets-dark')

  const target = registryTiles.nth(7)
  const name = (await target.locator('.wf-wallet-tile-name').textContent())!.trim()
  const testId = (await target.getAttribute('data-testid'))!
  await frame.getByPlaceholder('Search wallet').fill(name)
  await expect(list.getByTestId(testId)).toBeVisible()
})

test('a token transfer made from the dapp shows up in Activity within seconds', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  await expectDataApi(frame)
  await dapp.keyboard.press('Escape')
  await dapp.getByTestId('send-token').click()
  await expect(dapp.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  await dapp.getByTestId('account-button').click()
  await frame.getByTestId('account-tab-activity').click()
  // The indexer follows the chain; the new transfer is the newest entry once indexed.
  await expect(async () => {
    await frame.getByTestId('account-tab-tokens').click()
    await frame.getByTestId('account-tab-activity').click()
    await expect(
      frame.getByTestId('account-panel-activity').getByTestId('activity-item').first(),
    ).toContainText('-1.000 dUSD', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
})
