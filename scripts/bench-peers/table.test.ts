import { describe, expect, it } from 'vitest'
import { timingSummary } from '../bench-stats.ts'
import type { ProductFigures } from './measure.ts'
import { peerTable } from './table.ts'

const product = (ms: number, bytes: number): ProductFigures => ({
  openPreloadedMs: timingSummary([ms]),
  openColdMs: timingSummary([ms * 2]),
  loadWithPreloadMs: timingSummary([100 + ms]),
  loadMs: timingSummary([100]),
  navigationToVisibleMs: timingSummary([ms * 20]),
  jsGzipBytes: bytes,
  blockedHosts: [],
})
const references = { none: { loadMs: timingSummary([100]) }, react: { loadMs: timingSummary([150]) } }
const peers = {
  rainbowkit: product(30, 275_000),
  appkit: product(110, 313_000),
  'appkit-wagmi': product(60, 356_000),
}

describe("the peer bench's table", () => {
  it('puts WalletFrame next to every peer, figure by figure, with issue 10 budgets', () => {
    const table = peerTable({ walletframe: product(12, 4000), ...peers }, references, 70_000)
    expect(table.map((row) => [row.walletFrame, row.budget, row.withinBudget])).toEqual([
      [12, '≤ 16 ms', true],
      [24, '≤ 30 ms', true],
      [
        112,
        'the frame holds back nothing: no later than the same page with preload off (100 ms, 10% for noise)',
        false,
      ],
      [100, "the SDK's script only: no later than React saying hello (150 ms)", true],
      [240, '≤ 250 ms', true],
      [4000, '≤ 5 KB', true],
      [70_000, '≤ 100 KB', true],
    ])
    expect(table[0]!.peers).toEqual({ rainbowkit: 30, appkit: 110, 'appkit-wagmi': 60 })
    expect(table[5]!.peers).toEqual({ rainbowkit: 275_000, appkit: 313_000, 'appkit-wagmi': 356_000 })
  })

  it('marks each figure over its budget', () => {
    const table = peerTable({ walletframe: product(17, 5 * 1024 + 1), ...peers }, references, 100 * 1024 + 1)
    expect(table.filter((row) => !row.withinBudget).map((row) => row.budget)).toEqual([
      '≤ 16 ms',
      '≤ 30 ms',
      'the frame holds back nothing: no later than the same page with preload off (100 ms, 10% for noise)',
      '≤ 250 ms',
      '≤ 5 KB',
      '≤ 100 KB',
    ])
  })
})
