/**
 * `npm run bench:peers`: WalletFrame and its peers (RainbowKit 2 + wagmi, AppKit core, AppKit +
 * wagmi), each a minimal Vite-built page (bench/peers), timed in one Chromium with no network
 * beyond loopback; prints issue 10's table as JSON. `npm run bench` runs the same part once the
 * peers are installed. `WF_BENCH_PEER_RUNS` runs per figure (default 7), medians reported.
 */
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromiumLaunchOptions } from '@walletframe/testing/browser'
import { type Browser, chromium } from 'playwright-core'
import { PEERS_ORIGIN, startBenchStack } from '../bench-stack.ts'
import { initialJsGzip } from '../bench-stats.ts'
import type { RunningStack } from '../stack.ts'
import { installAndBuildPeers } from './build.ts'
import { measurePeers, OFFLINE_ARGS } from './measure.ts'
import { servePeers } from './server.ts'
import { peerTable } from './table.ts'

const RUNS = Number(process.env.WF_BENCH_PEER_RUNS ?? 7)
const MODAL_DIST = fileURLToPath(new URL('../../apps/modal-host/dist/', import.meta.url))

/** Chromium as the other benches launch it, with every name but localhost unresolvable. */
export const peerBrowserOptions = () => {
  const options = chromiumLaunchOptions()
  return { ...options, args: [...options.args, ...OFFLINE_ARGS] }
}

/** Times the built peer pages against the running stack's modal server and first devnet chain. */
export async function benchPeers(browser: Browser, stack: RunningStack) {
  const server = await servePeers(PEERS_ORIGIN)
  try {
    const chain = stack.devnet.chains[0]!
    const target = {
      origin: PEERS_ORIGIN,
      modalUrl: stack.config.modal.url,
      projectId: stack.config.projectId,
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
    }
    const { products, references } = await measurePeers(browser, target, RUNS)
    return {
      runs: RUNS,
      measures:
        'medians of fresh-context runs; visible = the modal in the page (WalletFrame: the frame reports its open screen); network: loopback only, every other host unresolvable',
      table: peerTable(products, references, initialJsGzip(MODAL_DIST)),
      products,
      references,
    }
  } finally {
    server.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await installAndBuildPeers()
  const stack = await startBenchStack()
  const browser = await chromium.launch(peerBrowserOptions())
  try {
    console.log(JSON.stringify({ peerBench: await benchPeers(browser, stack) }, null, 2))
  } finally {
    await browser.close()
    await stack.close()
  }
}
