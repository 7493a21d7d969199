import type { Page } from '@playwright/test'
import { UI_MESSAGES } from '@walletframe/protocol'
import { erc20Abi, formatUnits } from 'viem'
import {
  animationsFinished,
  chainClient,
  expect,
  injectTestWallet,
  saveScreenshot,
  stack,
  test,
} from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'
import { dusd } from '../support/wallet-features.ts'

/**
 * Where the Tokens tab's list comes from (spec §7): the data API for the networks its
 * `GET /v1/supported-chains` names, 'Token Balance Unavailable' (spec §8) for a network it does not
 * serve, and the wallet's own EIP-7811 `wallet_getAssets` list first when the wallet offers one.
 * The unserved network is a real one to the page and the wallet: a chain id the API was not
 * configured with, answered by the first devnet chain's node.
 */
const devnet = stack.devnet.chains[0]!
const UNSERVED = {
  id: 31_999,
  name: 'Unserved Network',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [devnet.rpcUrl] } },
}

async function openOnUnservedNetwork(page: Page, options: { assetDiscovery?: boolean } = {}) {
  const wallet = await injectTestWallet(page, {
    chainId: UNSERVED.id,
    extraChains: [{ chainId: UNSERVED.id, rpcUrl: devnet.rpcUrl }],
    ...(options.assetDiscovery ? { assetDiscovery: { tokens: [dusd.address] } } : {}),
  })
  await page.goto(`${stack.dapp.url}?networks=${encodeURIComponent(JSON.stringify([UNSERVED]))}`)
  const frame = await connectThroughModal(page)
  await expect(page.getByTestId('chain-id')).toHaveText(String(UNSERVED.id))
  return { frame, address: wallet.address }
}

/** The account's dUSD as the Tokens tab writes it (spec §9: floored to 3 decimals), read from the chain. */
async function dusdShown(address: `0x${string}`) {
  const balance = await chainClient().readContract({
    address: dusd.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
  const [whole = '0', fraction = ''] = formatUnits(balance, dusd.decimals).split('.')
  return `${BigInt(whole).toLocaleString('en-US')}.${fraction.padEnd(3, '0').slice(0, 3)} dUSD`
}

test("spec §7/§8: a network the data API does not serve shows 'Token Balance Unavailable'", async ({
  page,
}) => {
  const { frame } = await openOnUnservedNetwork(page)
  const tokens = frame.getByTestId('account-panel-tokens')
  await expect(tokens.getByTestId('tokens-unavailable')).toContainText(UI_MESSAGES.tokenBalanceUnavailable)
  await expect(tokens.getByTestId('tokens-unavailable')).toContainText(
    'Balances are not available on this network.',
  )
  // The native balance does not depend on the data API: it is read from the network's own RPC.
  await expect(frame.getByTestId('account-balance')).toContainText('ETH')
  const shot = async (name: string) => {
    await tokens.getByTestId('tokens-unavailable').scrollIntoViewIfNeeded()
    await animationsFinished(frame)
    await saveScreenshot(page, name)
  }
  await shot('tokens-unavailable-dark')
  await page.keyboard.press('Escape')
  await page.getByTestId('theme-toggle').click()
  await page.getByTestId('account-button').click()
  await expect(tokens.getByTestId('tokens-unavailable')).toBeVisible()
  await shot('tokens-unavailable-light')
})

test('spec §7: a wallet offering EIP-7811 asset discovery fills the Tokens tab itself', async ({ page }) => {
  const { frame, address } = await openOnUnservedNetwork(page, { assetDiscovery: true })
  const tokens = frame.getByTestId('account-panel-tokens')
  // The data API does not serve this network, so these rows can only have come from the wallet.
  await expect(tokens.getByTestId('token-dUSD')).toContainText(await dusdShown(address))
  await expect(tokens.getByTestId('token-ETH')).toContainText('ETH')
  await expect(tokens.getByTestId('tokens-unavailable')).toHaveCount(0)
  const calls = await page.evaluate(() => window.__testWallet!.calls)
  expect(calls).toContain('wallet_getCapabilities')
  expect(calls).toContain('wallet_getAssets')
})
