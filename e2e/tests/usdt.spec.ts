/**
 * Spec §9 "Two USDT contract variants use a different ERC-20 argument naming": the devnet's
 * USDT-shaped token (transfer, approve and transferFrom return nothing) is sent and swapped
 * through the modal with the injected test wallet (devnet account #4, which no other spec uses),
 * and anvil's balances move by the amounts.
 */
import { devnetAccounts, fixtureContracts } from '@walletframe/devnet'
import { UI_MESSAGES } from '@walletframe/protocol'
import { type Address, erc20Abi, parseAbi, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient, expect, injectTestWallet, modalFrame, stack, test } from '../support/fixtures.ts'
import { fillSend, giveToken, openFeature, previewAndSend } from '../support/wallet-features.ts'

const ACCOUNT = 4
const holder = devnetAccounts()[ACCOUNT]!.address
const usdt = fixtureContracts().tokens.find((token) => token.symbol === 'USDT')!
const { uniswapV2 } = fixtureContracts()
const routerAbi = parseAbi([
  'function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)',
])
const usdtBalance = (address: Address) =>
  chainClient().readContract({
    address: usdt.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

test.beforeAll(async () => {
  if ((await usdtBalance(holder)) < parseUnits('50', usdt.decimals)) await giveToken(usdt, holder, '100')
})

async function connect(page: import('@playwright/test').Page) {
  await injectTestWallet(page, { accountIndex: ACCOUNT })
  await page.goto(stack.dapp.url)
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(frame.getByTestId('wallet-feature-send')).toBeVisible()
  return frame
}

test('sends 7.5 USDT, whose transfer returns no bool, and the receiver gets it', async ({ page }) => {
  const frame = await connect(page)
  const before = await usdtBalance(holder)
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await openFeature(frame, 'send')
  await fillSend(frame, { token: 'USDT', amount: '7.5', receiver })
  await previewAndSend(frame)
  expect(await usdtBalance(receiver)).toBe(parseUnits('7.5', usdt.decimals))
  expect(await usdtBalance(holder)).toBe(before - parseUnits('7.5', usdt.decimals))
})

test('swaps 20 USDT for ETH after approving it, as quoted', async ({ page }) => {
  const frame = await connect(page)
  await page.keyboard.press('Escape')
  await page.getByTestId('open-swap').click()
  await expect(frame.getByTestId('swap-view')).toBeVisible()
  const amount = parseUnits('20', usdt.decimals)
  const usdtBefore = await usdtBalance(holder)
  await frame.getByTestId('swap-from').selectOption({ label: 'USDT' })
  await frame.getByTestId('swap-to').selectOption({ label: 'ETH' })
  await frame.getByTestId('swap-amount').fill('20')
  await expect(frame.getByTestId('swap-action')).toHaveText('Approve USDT')
  await frame.getByTestId('swap-action').click()
  await expect(frame.getByTestId('swap-action')).toHaveText('Swap')
  expect(
    await chainClient().readContract({
      address: usdt.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [holder, uniswapV2.router],
    }),
  ).toBe(amount)
  const [, quoted] = await chainClient().readContract({
    address: uniswapV2.router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, [usdt.address, uniswapV2.weth]],
  })
  const ethBefore = await chainClient().getBalance({ address: holder })
  await frame.getByTestId('swap-action').click()
  await expect(frame.getByTestId('swap-amount')).toHaveValue('')
  await expect(frame.getByText(UI_MESSAGES.transactionStarted)).toBeVisible()
  expect(await usdtBalance(holder)).toBe(usdtBefore - amount)
  // The ETH gained plus the swap's gas is exactly the quote (the swap is the holder's last transaction).
  const block = await chainClient().getBlock({ includeTransactions: true })
  const swap = block.transactions.find((tx) => tx.from.toLowerCase() === holder.toLowerCase())!
  const receipt = await chainClient().getTransactionReceipt({ hash: swap.hash })
  const gained = (await chainClient().getBalance({ address: holder })) - ethBefore
  expect(gained + receipt.gasUsed * receipt.effectiveGasPrice).toBe(quoted)
})
