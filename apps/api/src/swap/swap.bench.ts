/**
 * Swap figures (`benchSwap()`, for scripts/bench.ts; alone: `npx tsx --conditions=walletframe-source apps/api/src/swap/swap.bench.ts`):
 * - requests/s, p50 and p99 of `GET /v1/convert/quotes` (ETH → dUSD on the devnet's Uniswap V2
 *   pool: one reserves read per quote), autocannon on loopback with 50 connections;
 * - swap quote → transaction landed: quote, build the transaction, send it from a dev account and
 *   wait for its receipt, the median of WF_BENCH_SWAP_RUNS runs (anvil mines each at once, so this
 *   is the API's and the client's share of a swap).
 * Figures are reported, never asserted.
 */
import { pathToFileURL } from 'node:url'
import { devnetAccounts } from '@walletframe/devnet'
import { NATIVE_TOKEN_ADDRESS, SwapTransactionResponseSchema } from '@walletframe/protocol'
import autocannon from 'autocannon'
import { type Address, createWalletClient, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startTestApi } from '../test-support/api.ts'
import { publicClient } from '../test-support/chain.ts'
import { startTestDevnet } from '../test-support/devnet.ts'

const DURATION_S = Number(process.env.WF_BENCH_API_SECONDS ?? 5)
const RUNS = Number(process.env.WF_BENCH_SWAP_RUNS ?? 20)
const CONNECTIONS = 50
const CLIENT = 'projectId=walletframe-dev&st=bench&sv=0.1.0'

const round = (value: number, digits = 1) => Number(value.toFixed(digits))
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

export async function benchSwap(): Promise<Record<string, unknown>> {
  const devnet = await startTestDevnet()
  const api = await startTestApi(devnet, {})
  try {
    const chain = devnet.stack.devnet.chains[0]!
    const dUSD = devnet.fixtures[chain.chainId]!.tokens.find((token) => token.symbol === 'dUSD')!.address
    const from = `eip155:${chain.chainId}:${NATIVE_TOKEN_ADDRESS}`
    const to = `eip155:${chain.chainId}:${dUSD.toLowerCase()}`
    // Account #6: a dev account no fixture or test relies on.
    const account = privateKeyToAccount(devnetAccounts()[6]!.privateKey)
    const amount = parseEther('0.01').toString()
    const quoteUrl = `${api.url}/v1/convert/quotes?${CLIENT}&${new URLSearchParams({
      amount,
      userAddress: account.address,
      from,
      to,
      gasPrice: '1000000000',
    })}`
    const warm = await fetch(quoteUrl)
    if (warm.status !== 200) throw new Error(`quote answered ${warm.status}: ${await warm.text()}`)
    const quotes = await autocannon({
      url: quoteUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      workers: 1,
    })

    const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
    const client = publicClient(chain)
    const landed: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      const quote = await fetch(quoteUrl.replace('gasPrice=1000000000', ''))
      if (quote.status !== 200) throw new Error(`quote answered ${quote.status}`)
      const built = await fetch(`${api.url}/v1/convert/build-transaction?${CLIENT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount, from, to, userAddress: account.address }),
      })
      const { tx } = SwapTransactionResponseSchema.parse(await built.json())
      const hash = await wallet.sendTransaction({
        chain: null,
        to: tx.to.split(':')[2] as Address,
        data: tx.data as Hex,
        value: BigInt(tx.value),
        gas: BigInt(tx.eip155.gas),
      })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 })
      if (receipt.status !== 'success') throw new Error(`swap ${hash} reverted`)
      landed.push(performance.now() - started)
    }
    return {
      swap: {
        quoteRoute: {
          connections: CONNECTIONS,
          durationSeconds: DURATION_S,
          requestsPerSecond: round(quotes.requests.average, 0),
          p50Ms: quotes.latency.p50,
          p99Ms: quotes.latency.p99,
          errors: quotes.errors + quotes.timeouts,
          non2xx: quotes.non2xx,
        },
        quoteToLandedMs: {
          median: round(median(landed)),
          runs: RUNS,
          measures: 'GET quotes, POST build-transaction (with gas estimate), send, receipt; anvil automine',
        },
      },
    }
  } finally {
    await api.close()
    await devnet.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchSwap(), null, 2))
}
