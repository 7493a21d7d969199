/**
 * The Account view's wallet features as a person uses them (issue 11): open Send or Receive from
 * its button, fill the send form, confirm; and what the devnet says afterwards.
 */
import type { Frame } from '@playwright/test'
import { devnetAccounts, FIXTURE_DEPLOYER_INDEX, fixtureContracts } from '@walletframe/devnet'
import { UI_MESSAGES } from '@walletframe/protocol'
import { type Address, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainClient, expect, stack } from './fixtures.ts'

export const dusd = fixtureContracts().tokens.find((token) => token.symbol === 'dUSD')!

export async function openFeature(frame: Frame, feature: 'send' | 'receive') {
  await frame.getByTestId(`wallet-feature-${feature}`).click()
}

/** Fills the send form: the token (the native currency when not named), the amount, the receiver. */
export async function fillSend(frame: Frame, send: { token?: string; amount: string; receiver: string }) {
  await expect(frame.getByTestId('send-amount')).toBeVisible()
  if (send.token) {
    await frame.getByTestId('send-token').click()
    await frame.getByTestId(`send-token-${send.token}`).click()
  }
  await expect(frame.getByTestId('send-token')).toContainText(send.token ?? 'ETH')
  await frame.getByTestId('send-amount').fill(send.amount)
  await frame.getByTestId('send-receiver').fill(send.receiver)
}

/** Preview, then Send; `approve` answers the wallet's prompt where it has one (the embedded wallet). */
export async function previewAndSend(frame: Frame, approve?: () => Promise<void>) {
  await expect(frame.getByTestId('send-preview')).toHaveText('Preview Send')
  await frame.getByTestId('send-preview').click()
  await expect(frame.locator('[data-view="WalletSendPreview"]')).toBeVisible()
  await frame.getByTestId('send-confirm').click()
  await approve?.()
  await expect(frame.getByRole('status').filter({ hasText: UI_MESSAGES.transactionStarted })).toBeVisible()
  // Spec §2: sending a token pushes Account.
  await expect(frame.locator('[data-view="Account"]')).toBeVisible()
}

/** The activity list shows `text` once the indexer has the transaction (the tabs refetch the newest page). */
export async function expectActivity(frame: Frame, text: string) {
  await expect(async () => {
    await frame.getByTestId('account-tab-tokens').click()
    await frame.getByTestId('account-tab-activity').click()
    await expect(
      frame.getByTestId('account-panel-activity').getByTestId('activity-item').first(),
    ).toContainText(text, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
}

/** Gives `to` some of a fixture token from the fixtures' deployer (devnet account #9, which holds the supplies). */
export async function giveToken(token: { address: Address; decimals: number }, to: Address, amount: string) {
  const chain = stack.devnet.chains[0]!
  const wallet = createWalletClient({
    account: privateKeyToAccount(devnetAccounts()[FIXTURE_DEPLOYER_INDEX]!.privateKey),
    transport: http(chain.rpcUrl),
  })
  // writeContract sends without decoding a result: USDT's transfer returns none (spec §9).
  const hash = await wallet.writeContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, token.decimals)],
    chain: null,
  })
  await chainClient().waitForTransactionReceipt({ hash })
}

export const giveDusd = (to: Address, amount: string) => giveToken(dusd, to, amount)

export const dusdBalance = (holder: Address) =>
  chainClient().readContract({
    address: dusd.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
  })

/** Sets an account's ETH on devnet A (anvil_setBalance). */
export async function setEth(address: Address, wei: bigint) {
  await chainClient().request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${wei.toString(16)}`] as never,
  })
}
