/**
 * Interoperability figures for `npm run bench` (and `npm run bench:interop` alone): for every
 * dapp × wallet version pair of the matrix, through our relay in the runner's process and each
 * client in its own, the median pair→connected time (dapp proposes until it holds the approved
 * session) and the median personal_sign round trip. Tracked, not asserted.
 */
import { performance } from 'node:perf_hooks'
import { DAPPS, WALLETS } from './clients.ts'
import { startPair } from './run-pair.ts'
import { connect, signOnce } from './scenario.ts'

const CONNECTS = Number(process.env.WF_BENCH_INTEROP_CONNECTS ?? 5)
const REQUESTS = Number(process.env.WF_BENCH_INTEROP_REQUESTS ?? 20)

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(1))
}

async function timesOf(count: number, run: () => Promise<void>): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return times
}

export async function benchInterop(): Promise<Record<string, unknown>> {
  const pairs: Record<string, { pair_to_connected_ms: number; request_round_trip_ms: number }> = {}
  for (const dapp of DAPPS) {
    for (const wallet of WALLETS) {
      const { session, init, close } = await startPair(dapp, wallet)
      try {
        await init()
        const connected = await timesOf(CONNECTS, () => connect(session))
        const requests = await timesOf(REQUESTS, () => signOnce(session))
        pairs[`${dapp.label} × ${wallet.label}`] = {
          pair_to_connected_ms: median(connected),
          request_round_trip_ms: median(requests),
        }
      } finally {
        await close()
      }
    }
  }
  return { interop_connects_per_pair: CONNECTS, interop_requests_per_pair: REQUESTS, interop_pairs: pairs }
}
