/**
 * Issue 10's table from one run: each figure for WalletFrame, for each peer, and WalletFrame's
 * budget with whether it is met (reported, never asserted: this machine is shared and noisy).
 */
import type { PRODUCTS, ProductFigures, REFERENCES } from './measure.ts'

type Products = Record<(typeof PRODUCTS)[number], ProductFigures>
type References = Record<(typeof REFERENCES)[number], { loadMs: ProductFigures['loadMs'] }>

interface Row {
  figure: string
  unit: 'ms' | 'bytes'
  walletFrame: number
  peers: Record<string, number>
  budget: string
  withinBudget: boolean
}

const KB = 1024

export function peerTable(
  products: Products,
  references: References,
  modalInitialJsGzipBytes: number,
): Row[] {
  const { walletframe, ...peers } = products
  const withoutSdk = references.none.loadMs.median
  const reactHello = references.react.loadMs.median
  // A page with no script at all loads sooner than any page with one: the preload's budget is that
  // the frame adds nothing to the load event, and the script's that it costs less than React alone.
  const preloadOff = walletframe.loadMs.median
  /** Figure, unit, how it is read from a product's figures, WalletFrame's budget and its limit. */
  const specs: Array<[string, Row['unit'], (figures: ProductFigures) => number, string, number]> = [
    [
      'open() → modal visible, page settled, frame preloaded',
      'ms',
      (f) => f.openPreloadedMs.median,
      '≤ 16 ms',
      16,
    ],
    ['same, without the preload option', 'ms', (f) => f.openColdMs.median, '≤ 30 ms', 30],
    [
      `page load event with preload (the same page without the SDK: ${withoutSdk} ms; React hello: ${reactHello} ms)`,
      'ms',
      (f) => f.loadWithPreloadMs.median,
      `the frame holds back nothing: no later than the same page with preload off (${preloadOff} ms, 10% for noise)`,
      preloadOff * 1.1,
    ],
    [
      'page load event without preload',
      'ms',
      (f) => f.loadMs.median,
      `the SDK's script only: no later than React saying hello (${reactHello} ms)`,
      reactHello,
    ],
    [
      'navigation → modal visible, open() right at load',
      'ms',
      (f) => f.navigationToVisibleMs.median,
      '≤ 250 ms',
      250,
    ],
    [
      'host-page JS, gzip (until the modal is on screen and the page quiet)',
      'bytes',
      (f) => f.jsGzipBytes,
      '≤ 5 KB',
      5 * KB,
    ],
  ]
  return [
    ...specs.map(([figure, unit, pick, budget, limit]) => ({
      figure,
      unit,
      walletFrame: pick(walletframe),
      peers: Object.fromEntries(Object.entries(peers).map(([name, figures]) => [name, pick(figures)])),
      budget,
      withinBudget: pick(walletframe) <= limit,
    })),
    {
      figure: 'modal frame initial JS, gzip',
      unit: 'bytes',
      walletFrame: modalInitialJsGzipBytes,
      peers: {},
      budget: '≤ 100 KB',
      withinBudget: modalInitialJsGzipBytes <= 100 * KB,
    },
  ]
}
