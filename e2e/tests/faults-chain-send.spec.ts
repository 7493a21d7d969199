/**
 * Issue 10 point 3: the chain (anvil) killed while a dapp's eth_sendTransaction is pending through
 * the embedded wallet, and restarted. The user has approved; the key frame is filling in and
 * sending the transaction when the node stops answering, then dies: its requests in flight are
 * reset and new ones refused, as for a killed anvil (the shared devnet keeps serving the other
 * tests, so the browser's view of it is cut, as in faults-chain.spec.ts). The dapp gets a clear
 * error at once, nothing reaches the chain, and once the node is back the same page sends the
 * transaction exactly once.
 */
import type { Route } from '@playwright/test'
import {
  addPasskeyAuthenticator,
  approve,
  DEMO_RECIPIENT,
  fund,
  keyFrame,
  sendAndVerify,
  signAndVerify,
  signUp,
  uniqueEmail,
} from '../support/embedded.ts'
import { chainClient, expect, stack, test } from '../support/fixtures.ts'
import { modalIsHidden } from '../support/flows.ts'

test('the chain killed during a pending transaction: a clear error, nothing sent, and one send once it is back', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await addPasskeyAuthenticator(page)
  await page.goto(stack.dapp.url)
  const { address } = await signUp(page, uniqueEmail('chain-killed'))
  await fund(address)
  const client = chainClient()
  const nonceBefore = await client.getTransactionCount({ address })

  await page.getByTestId('send-transaction').click()
  await expect((await keyFrame(page)).getByText(DEMO_RECIPIENT, { exact: false })).toBeVisible()

  // From the Approve click on, the node hangs (requests are held), then is killed.
  const chainOrigin = new URL(stack.devnet.chains[0]!.rpcUrl).origin
  const rpc = (url: URL) => url.origin === chainOrigin
  const held: Route[] = []
  const methods: string[] = []
  let killed = false
  await context.route(rpc, async (route) => {
    methods.push(String((route.request().postDataJSON() as { method?: unknown } | null)?.method))
    if (killed) await route.abort('connectionrefused')
    else held.push(route)
  })
  await approve(page)
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0)
  killed = true
  for (const route of held.splice(0)) await route.abort('connectionreset')

  // A clear error for the dapp (the catalogue's, not a hang until a deadline), and the modal gone.
  await expect(page.getByTestId('error')).toHaveText('-32002: HTTP request failed.', { timeout: 30_000 })
  await expect(page.getByTestId('tx-hash')).toHaveText('—')
  await modalIsHidden(page)
  // Nothing was broadcast: the transaction is signed only once its nonce, gas and fees are read.
  expect(methods).not.toContain('eth_sendRawTransaction')
  console.log(
    `while the chain was down: ${methods.length} RPC requests (${[...new Set(methods)].join(', ')})`,
  )

  // The node is back (same chain state): the page was never reloaded and keeps working.
  await context.unroute(rpc)
  expect(await client.getTransactionCount({ address })).toBe(nonceBefore)
  // Mined, and the recipient paid once; one nonce used in all.
  await sendAndVerify(page, address)
  expect(await client.getTransactionCount({ address })).toBe(nonceBefore + 1)
  await signAndVerify(page, address)
})
