import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export * from './bitcoin/types.ts'
export * from './types.ts'

const scripts = new Map<string, Promise<string>>()

/** A wallet entry bundled as a browser IIFE for `page.addInitScript`; built once per process. */
function bundleForPage(entry: string): Promise<string> {
  let script = scripts.get(entry)
  if (!script) {
    script = build({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      legalComments: 'none',
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text)
    scripts.set(entry, script)
  }
  return script
}

/** The EIP-6963 test wallet. */
export const buildTestWalletScript = () => bundleForPage('./wallet.ts')
/** The Wallet Standard test Bitcoin wallet (bitcoin/wallet.ts). */
export const buildTestBitcoinWalletScript = () => bundleForPage('./bitcoin/wallet.ts')
