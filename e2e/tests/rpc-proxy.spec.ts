import { expect, stack, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'

/**
 * Spec §7 "JSON-RPC over HTTP", issue 17 point 3: with a data API in the deployment, the modal's
 * reads go through the API's per-chain endpoint (`POST /v1?chainId=…&projectId=…`), which proxies
 * them to the chain's nodes; the balance the user sees came that way.
 */
test('the Account balance is read through the data API’s JSON-RPC endpoint', async ({ dapp }) => {
  const reads: Array<{ chainId: string | null; projectId: string | null; methods: string[] }> = []
  dapp.context().on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() !== 'POST' || url.pathname !== '/v1') return
    const body = request.postDataJSON() as { method: string } | Array<{ method: string }>
    reads.push({
      chainId: url.searchParams.get('chainId'),
      projectId: url.searchParams.get('projectId'),
      methods: (Array.isArray(body) ? body : [body]).map((entry) => entry.method),
    })
  })
  const frame = await connectThroughModal(dapp)
  await expect(frame.getByTestId('account-balance')).toHaveText(/ ETH$/)
  const chain = stack.devnet.chains[0]!
  expect(reads).toContainEqual({
    chainId: `eip155:${chain.chainId}`,
    projectId: stack.projectId,
    methods: ['eth_getBalance'],
  })
})
