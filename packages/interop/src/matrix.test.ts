/**
 * The WalletConnect interoperability matrix (issue 18, point 2): every published client version
 * as the dapp against every one as the wallet, each in its own process, through our relay. Prints
 * the table of steps and times; a step fails the suite unless known-issues.ts names it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { DAPPS, WALLETS } from './clients.ts'
import { knownIssue } from './known-issues.ts'
import { runPair } from './run-pair.ts'
import { type PairResult, STEPS } from './scenario.ts'
import { formatTable } from './table.ts'

const results: PairResult[] = []
const started = performance.now()

afterAll(() => {
  const order = (result: PairResult) => `${result.dapp} ${result.wallet}`
  const sorted = [...results].sort((a, b) => order(a).localeCompare(order(b)))
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`\nWalletConnect interoperability over our relay (${seconds} s)\n${formatTable(sorted)}\n`)
})

describe.concurrent('WalletConnect clients of every version, paired through our relay', () => {
  for (const dapp of DAPPS) {
    for (const wallet of WALLETS) {
      it(`dapp ${dapp.label} × wallet ${wallet.label}`, { timeout: 180_000 }, async () => {
        const result = await runPair(dapp, wallet)
        results.push(result)
        const failed = STEPS.flatMap((name) => {
          const step = result.steps[name]
          return step && !step.ok && !knownIssue(result, name) ? [`${name}: ${step.error}`] : []
        })
        expect(failed).toEqual([])
        expect(result.steps.start?.ok).toBe(true)
      })
    }
  }
})
