/**
 * Issue 3: stopping and restarting the data API loses no history. A private site (its own API on a
 * disk-backed PGlite, modal server and dapp) on the shared devnet; the user sends a token, the API
 * stops, the user sends another, the API starts again on the same data: Activity shows both, once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Frame, Page } from '@playwright/test'
import { type ApiConfig, type RunningApi, resolveApiConfig, startApi } from '@walletframe/api'
import { fixtureContracts } from '@walletframe/devnet'
import { freePort } from '@walletframe/testing'
import { expect, injectTestWallet, stack, test } from '../support/fixtures.ts'
import { type PrivateSite, startPrivateSite } from '../support/private-site.ts'

let dataDir: string
let apiConfig: ApiConfig
let api: RunningApi | undefined
let site: PrivateSite
const dusd = fixtureContracts().tokens.find((token) => token.symbol === 'dUSD')!

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wf-api-restart-'))
  // The API must allow the modal's origin (CORS) before the modal server, which names the API, starts.
  const [apiPort, modalPort] = [await freePort('127.0.0.1'), await freePort(stack.modal.host)]
  const modalOrigin = `http://${stack.modal.host}:${modalPort}`
  const fixtures = Object.fromEntries(
    stack.devnet.chains.map((chain) => [chain.chainId, { ...fixtureContracts(), startBlock: 0n }]),
  )
  apiConfig = {
    ...resolveApiConfig(
      { WF_API_PORT: String(apiPort), WF_API_INDEXER_POLL_MS: '200' },
      { stack: { ...stack, modal: { ...stack.modal, origin: modalOrigin } }, fixtures },
    ),
    dataDir,
  }
  api = await startApi({ config: apiConfig })
  site = await startPrivateSite({
    modalPort,
    apiUrl: api.url,
    token: { address: dusd.address, symbol: dusd.symbol, decimals: dusd.decimals },
  })
})

test.afterAll(async () => {
  await site?.close()
  await api?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function sendToken(page: Page) {
  await page.getByTestId('send-token').click()
  await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  return page.getByTestId('tx-hash').textContent()
}

/** Opens Activity (fetching its newest page) and counts the 1 dUSD sends once `expected` is reached. */
async function expectTokenSends(page: Page, frame: Frame, expected: number) {
  await page.getByTestId('account-button').click()
  await expect(async () => {
    await frame.getByTestId('account-tab-tokens').click()
    await frame.getByTestId('account-tab-activity').click()
    const items = frame.getByTestId('account-panel-activity').getByTestId('activity-item')
    await expect(items.filter({ hasText: '-1.000 dUSD' })).toHaveCount(expected, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await page.keyboard.press('Escape')
}

test('stopping and restarting the API loses no history and duplicates none', async ({ page }) => {
  // Account #1: the shared suite never sends tokens from it.
  await injectTestWallet(page, { accountIndex: 1 })
  await page.goto(site.dappUrl)
  await page.getByTestId('connect').click()
  // This site's own modal (not the shared stack's).
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(site.modalOrigin))).toBe(true)
  const frame = page.frames().find((f) => f.url().startsWith(site.modalOrigin))!
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await page.keyboard.press('Escape')

  // What the account's history already holds (the fixtures), once the indexer has it.
  await page.getByTestId('account-button').click()
  await frame.getByTestId('account-tab-activity').click()
  const items = frame.getByTestId('account-panel-activity').getByTestId('activity-item')
  await expect(items.first()).toBeVisible({ timeout: 20_000 })
  const before = await items.filter({ hasText: '-1.000 dUSD' }).count()
  await page.keyboard.press('Escape')

  await sendToken(page)
  await expectTokenSends(page, frame, before + 1)

  await api!.close()
  api = undefined
  await sendToken(page)
  api = await startApi({ config: apiConfig })

  await expectTokenSends(page, frame, before + 2)
})
