/**
 * Issue 11 point 4: swaps through the modal's Swap view, opened by the dapp with
 * `open({ view: 'Swap' })`, against the devnet's Uniswap V2 pools and the data API's convert
 * routes, sent by the injected test wallet (account #5, which no other spec uses).
 */
import type { Frame, Page } from '@playwright/test'
import { devnetAccounts, fixtureContracts } from '@walletframe/devnet'
import { API_ERRORS, NATIVE_TOKEN_ADDRESS, UI_MESSAGES } from '@walletframe/protocol'
import { type Address, erc20Abi, formatUnits, parseAbi, parseEther, parseUnits } from 'viem'
import { addPasskeyAuthenticator, approve, fund, keyFrame, signUp, uniqueEmail } from '../support/embedded.ts'
import {
  chainClient,
  expect,
  injectTestWallet,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'
import { TEST_ENV } from '../support/test-stack.ts'

const ACCOUNT = 5
const trader = devnetAccounts()[ACCOUNT]!.address
const tokens = Object.fromEntries(fixtureContracts().tokens.map((token) => [token.symbol, token]))
const { uniswapV2 } = fixtureContracts()
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
const routerAbi = parseAbi([
  'function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)',
])

const balanceOf = (token: Address, holder: Address = trader) =>
  chainClient().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
/** Reserves of the pair of `a` and `b`, in that order. */
async function reserves(a: Address, b: Address) {
  const pair = uniswapV2.pairs.find(
    (p) => [p.token0, p.token1].includes(a) && [p.token0, p.token1].includes(b),
  )!
  const [r0, r1] = await chainClient().readContract({
    address: pair.address,
    abi: pairAbi,
    functionName: 'getReserves',
  })
  return (pair.token0 === a ? [r0, r1] : [r1, r0]) as [bigint, bigint]
}
/** What the router pays for `amount` along `path` now (the pools' own formula). */
async function amountOut(amount: bigint, path: Address[]) {
  const amounts = await chainClient().readContract({
    address: uniswapV2.router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  })
  return amounts.at(-1)!
}

/** The dapp with the test wallet of account #5, connected, then the Swap view opened by the SDK. */
async function openSwap(page: Page, mode: 'dark' | 'light' = 'dark'): Promise<Frame> {
  await injectTestWallet(page, { accountIndex: ACCOUNT })
  await page.goto(stack.dapp.url)
  if (mode === 'light') await page.getByTestId('theme-toggle').click()
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await page.keyboard.press('Escape')
  await page.getByTestId('open-swap').click()
  await expect(frame.getByRole('dialog', { name: 'Swap' })).toBeVisible()
  await expect(frame.getByTestId('swap-view')).toBeVisible()
  return frame
}

async function fillSwap(frame: Frame, from: string, to: string, amount: string) {
  await frame.getByTestId('swap-from').selectOption({ label: from })
  await frame.getByTestId('swap-to').selectOption({ label: to })
  await frame.getByTestId('swap-amount').fill(amount)
}

test('swaps ETH for dUSD, then dUSD for DVT after an approval, as quoted', async ({ page }) => {
  const frame = await openSwap(page)
  const weth = uniswapV2.weth
  const dUSD = tokens.dUSD!.address
  const DVT = tokens.DVT!.address

  // ETH → dUSD: no approval; the pool pays exactly the quote, never less than 99% of it.
  const ethIn = parseEther('0.5')
  const [wethBefore, dusdReserveBefore] = await reserves(weth, dUSD)
  const dusdBefore = await balanceOf(dUSD)
  await fillSwap(frame, 'ETH', 'dUSD', '0.5')
  const quoted = await amountOut(ethIn, [weth, dUSD])
  await expect(frame.getByTestId('swap-receive')).toHaveText(
    Number(formatUnits(quoted, 6)).toLocaleString('en-US', { maximumFractionDigits: 6 }),
  )
  await expect(frame.getByTestId('swap-minimum')).toContainText('dUSD')
  await expect(frame.getByTestId('swap-action')).toHaveText('Swap')
  await frame.getByTestId('swap-action').click()
  await expect(frame.getByTestId('swap-amount')).toHaveValue('')
  await expect(frame.getByText(UI_MESSAGES.transactionStarted)).toBeVisible()
  const bought = (await balanceOf(dUSD)) - dusdBefore
  expect(bought).toBe(quoted)
  const [wethAfter, dusdReserveAfter] = await reserves(weth, dUSD)
  expect(wethAfter - wethBefore).toBe(ethIn)
  expect(dusdReserveBefore - dusdReserveAfter).toBe(bought)
  // The view shows the balance with the dUSD just bought (read again with forceUpdate); the
  // account may hold dUSD from before (another spec sends from it).
  await frame.getByTestId('swap-from').selectOption({ label: 'dUSD' })
  await expect(frame.getByTestId('swap-balance')).toContainText(
    Number(formatUnits(dusdBefore + bought, 6)).toLocaleString('en-US', { maximumFractionDigits: 6 }),
  )

  // dUSD → DVT: the allowance is short, so the view approves first, then swaps.
  const dusdIn = parseUnits('100', 6)
  const dvtBefore = await balanceOf(DVT)
  await fillSwap(frame, 'dUSD', 'DVT', '100')
  await expect(frame.getByTestId('swap-action')).toHaveText('Approve dUSD')
  await frame.getByTestId('swap-action').click()
  await expect(frame.getByTestId('swap-action')).toHaveText('Swap')
  const allowance = await chainClient().readContract({
    address: dUSD,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [trader, uniswapV2.router],
  })
  expect(allowance).toBe(dusdIn)
  const quotedDvt = await amountOut(dusdIn, [dUSD, DVT])
  const [dusdPoolBefore, dvtPoolBefore] = await reserves(dUSD, DVT)
  await frame.getByTestId('swap-action').click()
  // Done once the form starts over (the toast of the first swap may still be on screen).
  await expect(frame.getByTestId('swap-amount')).toHaveValue('')
  await expect(frame.getByText(UI_MESSAGES.transactionStarted)).toBeVisible()
  const boughtDvt = (await balanceOf(DVT)) - dvtBefore
  expect(boughtDvt).toBe(quotedDvt)
  const [dusdPoolAfter, dvtPoolAfter] = await reserves(dUSD, DVT)
  expect(dusdPoolAfter - dusdPoolBefore).toBe(dusdIn)
  expect(dvtPoolBefore - dvtPoolAfter).toBe(boughtDvt)
})

test('the embedded wallet swaps ETH for dUSD and dUSD for DVT, each transaction approved in the key frame', async ({
  page,
}) => {
  await addPasskeyAuthenticator(page)
  await page.goto(stack.dapp.url)
  const { address } = await signUp(page, uniqueEmail('swap'))
  await fund(address)
  await page.getByTestId('open-swap').click()
  const frame = await modalFrame(page)
  await expect(frame.getByTestId('swap-view')).toBeVisible()
  const dUSD = tokens.dUSD!.address
  const DVT = tokens.DVT!.address

  await fillSwap(frame, 'ETH', 'dUSD', '0.1')
  await expect(frame.getByTestId('swap-action')).toHaveText('Swap')
  const quoted = await amountOut(parseEther('0.1'), [uniswapV2.weth, dUSD])
  await frame.getByTestId('swap-action').click()
  await approve(page)
  // ApproveTransaction gives way to the Swap view again, which starts over once the swap is mined.
  await expect(frame.getByTestId('swap-amount')).toHaveValue('')
  expect(await balanceOf(dUSD, address)).toBe(quoted)
  // The success toast would lie over the next approval's frame, whose guard then refuses clicks.
  await expect(frame.getByText(UI_MESSAGES.transactionStarted)).toBeHidden()

  await fillSwap(frame, 'dUSD', 'DVT', '50')
  await expect(frame.getByTestId('swap-action')).toHaveText('Approve dUSD')
  await frame.getByTestId('swap-action').click()
  await expect((await keyFrame(page)).getByText('Approve token spending')).toBeVisible()
  await approve(page)
  await expect(frame.getByTestId('swap-action')).toHaveText('Swap')
  const quotedDvt = await amountOut(parseUnits('50', 6), [dUSD, DVT])
  await frame.getByTestId('swap-action').click()
  await approve(page)
  await expect(frame.getByTestId('swap-amount')).toHaveValue('')
  expect(await balanceOf(DVT, address)).toBe(quotedDvt)
})

test('a quote on a chain without swaps says so, in the view and from the API', async ({ page }) => {
  const frame = await openSwap(page)
  await page.keyboard.press('Escape')
  const second = stack.devnet.chains[1]!.chainId
  await page.getByTestId('network-select').selectOption(String(second))
  await page.getByTestId('switch-network').click()
  await expect(page.getByTestId('chain-id')).toContainText(String(second))
  await page.getByTestId('open-swap').click()
  await expect(frame.getByTestId('swap-unsupported')).toContainText(
    API_ERRORS.swapsUnsupportedNetwork.message,
  )

  // The API answers the same to any client asking for a quote there.
  const query = new URLSearchParams({
    projectId: stack.projectId,
    st: 'e2e',
    sv: '1',
    amount: '1000',
    userAddress: trader,
    from: `eip155:${second}:${NATIVE_TOKEN_ADDRESS}`,
    to: `eip155:${second}:${tokens.dUSD!.address}`,
  })
  const response = await page.request.get(
    `http://127.0.0.1:${TEST_ENV.WF_API_PORT}/v1/convert/quotes?${query}`,
  )
  expect(response.status()).toBe(400)
  expect(await response.json()).toEqual({
    code: API_ERRORS.swapsUnsupportedNetwork.code,
    message: API_ERRORS.swapsUnsupportedNetwork.message,
  })
})

for (const mode of ['dark', 'light'] as const) {
  test(`Swap view (${mode}): accessible, screenshot`, async ({ page }) => {
    const frame = await openSwap(page, mode)
    await fillSwap(frame, 'ETH', 'DVT', '0.25')
    await expect(frame.getByTestId('swap-details')).toBeVisible()
    await expect(frame.getByTestId('swap-action')).toHaveText('Swap')
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(page, `swap-${mode}`)
  })
}
