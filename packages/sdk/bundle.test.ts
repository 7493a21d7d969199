/** The shipped bundles: within budget, and loadable without a DOM (ESM import, IIFE script). */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runInNewContext } from 'node:vm'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { measureAdapterSizes, measureSdkSize, SDK_BUILDS } from './size.ts'

// Issue 10's hardening (fail-fast origin check, ancestor watch, answered storage writes, the modal
// vetting page-wallet events) took the SDK from 8.0 to 8.25 KB; issue 10's own aim, 5 KB, needs a
// smaller loader and is not met yet. Issue 17's option checks (every option of spec §3 named when
// wrong at createWalletFrame(), generated from the protocol's options schema: ~1 KB), its getLogs()
// ring buffer and deep-link reopen (~250 B), and issue 12's sign-in session (getSession,
// subscribeSession, signOut, the `siwx.session` check: ~300 B) and the account's profileName brought
// it to 10,229 B (IIFE). Issue 13 cut first, then added: host checks compiled to short calls of check
// makers (-46 B), walkError() a function instead of a method the SDK never calls (-69 B), the init
// passed on as given with spec §9's defaults and isMobile applied by the modal's parse (-190 B), one
// path for the EIP-6963 uuid and a leaner icon (-60 B), no unused number option kind (-16 B); and
// added listWallets/connect({ walletId }), setAnalyticsConsent, the `message` event and subscriptions
// (+~220 B): 10,066 B (ESM 10,045 B), which leaves 174 B for the `locale` option. The budget is the
// guide's promise itself, single-digit KB: the next addition to the SDK needs a cut first. Issue 14
// added the EIP-5792 `wallet_showCallsStatus` and ERC-7715 method names a page wallet is sent, and the
// CallsStatus view name (+40 B): 10,113 B (IIFE). Issue 15: the Solana and Bitcoin networks in
// `networks` (~+85 B, 10,199 B), then the adapters' hook (`adapters`, their page wallets, checks and
// channel listeners: ~+85 B; their own code and checks ship in `@walletframe/sdk/solana` and
// `/bitcoin`) and the three `namespace.*` method entries (+19 B), less the method table made by
// helpers (-9 B), the announcement through discovery.add (-4 B), a shorter icon (-9 B), no
// second empty-networks check (the option check requires the list; -13 B), the route's CAIP-2 id
// written out and WALLET_RPC_METHODS read directly (-29 B), a chain's currency and explorers passed
// as they are (plain data the modal's parse trims; -57 B), the providers in a Map (+6 B), the
// `adapters` option checked as a list and kept out of the init (+10 B), destroy() ending what is in
// one list (the adapters' included; -8 B): 10,190 B (IIFE), 10,169 B (ESM).
const BUDGET = 10 * 1024

async function bundle(index: number): Promise<string> {
  const { outputFiles } = await build({ ...SDK_BUILDS[index], write: false, sourcemap: false })
  return outputFiles[0]!.text
}

describe('SDK bundles', () => {
  it('each stay under 10 KB min+gzip (single-digit KB)', async () => {
    const { esmGzipBytes, iifeGzipBytes } = await measureSdkSize()
    expect(esmGzipBytes).toBeLessThan(BUDGET)
    expect(iifeGzipBytes).toBeLessThan(BUDGET)
  })

  it('keep the Solana and Bitcoin adapters outside the core and small, each bundled alone', async () => {
    // Issue 15: Solana 5.2 KB, Bitcoin 3.5 KB bundled alone (the protocol's network table, the
    // adapters' channel checks and the error class included; a dapp's bundler shares the last two
    // with the core).
    const { solanaGzipBytes, bitcoinGzipBytes } = await measureAdapterSizes()
    expect(solanaGzipBytes).toBeLessThan(6 * 1024)
    expect(bitcoinGzipBytes).toBeLessThan(4 * 1024)
  })

  it('the ESM bundle imports in Node and exports createWalletFrame', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'walletframe-sdk-')), 'walletframe.esm.mjs')
    writeFileSync(file, await bundle(0))
    const module = await import(pathToFileURL(file).href)
    expect(Object.keys(module)).toEqual(['createWalletFrame'])
    const wf = module.createWalletFrame({
      projectId: 'p',
      modalUrl: 'http://127.0.0.2:5174/',
      networks: [
        {
          id: 1,
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['https://rpc.example'] } },
        },
      ],
    })
    expect(wf.getState()).toEqual({ open: false, view: 'Connect' })
  })

  it('the IIFE bundle defines window.WalletFrame.createWalletFrame', async () => {
    const context: { WalletFrame?: { createWalletFrame?: unknown } } = {}
    runInNewContext(await bundle(1), context)
    expect(typeof context.WalletFrame?.createWalletFrame).toBe('function')
  })
})
