import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export * from './types.ts'

let script: Promise<string> | undefined

/** The test wallet as a browser IIFE for `page.addInitScript`; built once per process. */
export async function buildTestWalletScript(): Promise<string> {
  script ??= build({
    entryPoints: [fileURLToPath(new URL('./wallet.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text)
  return script
}
