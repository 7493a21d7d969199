/**
 * Issue 10 point 3: the chain unreachable while the Account view is open. The modal reads the
 * native balance through the data API's JSON-RPC endpoint, or the network's RPC (spec §4 "Balance
 * fetching", §7); with both blocked for the browser (every request refused, as a stopped anvil
 * refuses them; the shared devnet keeps serving the other tests) it shows "Balance unavailable", not an endless spinner, and the balance
 * comes back by itself once the chain answers again (retried after the spec's 30 s block).
 */
import { RPC_PROXY_PATH } from '@walletframe/protocol'
import { formatEther } from 'viem'
import { chainClient, expect, stack, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'

test('an unreachable chain shows "Balance unavailable", and the balance comes back by itself', async ({
  dapp,
  context,
}) => {
  test.setTimeout(120_000)
  const frame = await connectThroughModal(dapp)
  const balance = frame.getByTestId('account-balance')
  await expect(balance).toContainText('ETH')

  const chainOrigin = new URL(stack.devnet.chains[0]!.rpcUrl).origin
  const rpc = (url: URL) =>
    url.origin === chainOrigin || (url.pathname === RPC_PROXY_PATH && url.searchParams.has('chainId'))
  await context.route(rpc, (route) => route.abort('connectionrefused'))
  // The user switches account in the wallet: the modal must fetch the new account's balance.
  await dapp.evaluate(() =>
    (window as never as { __testWallet: { switchAccount(i: number): void } }).__testWallet.switchAccount(1),
  )
  await expect(frame.getByTestId('account-address')).toHaveText(
    `${dapp.wallet.secondAddress.slice(0, 4)}…${dapp.wallet.secondAddress.slice(-6)}`,
  )
  await expect(balance).toHaveText('Balance unavailable', { timeout: 30_000 })

  await context.unroute(rpc)
  const wei = await chainClient().getBalance({ address: dapp.wallet.secondAddress })
  const [whole] = formatEther(wei).split('.')
  await expect(balance).toContainText(`${Number(whole).toLocaleString('en-US')}.`, { timeout: 45_000 })
  await expect(balance).toContainText('ETH')
})
