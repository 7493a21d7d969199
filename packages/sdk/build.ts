/**
 * `npm run build -w @walletframe/sdk`: writes dist/walletframe.{esm,iife}.js, the element's
 * dist/walletframe-button.iife.js and the script-tag manifest (versions and SRI values the modal
 * host serves them under), and prints their gzip sizes.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SCRIPT_TAG_MANIFEST_FILE } from '@walletframe/protocol'
import { build } from 'esbuild'
import { manifestOfDist, SDK_DIST_DIR } from './script-tag.ts'
import { BUTTON_BUILD, measureButtonSize, measureSdkSize, SDK_BUILDS } from './size.ts'

await Promise.all([...SDK_BUILDS, BUTTON_BUILD].map((options) => build(options)))
const manifest = await manifestOfDist(SDK_DIST_DIR)
await writeFile(join(SDK_DIST_DIR, SCRIPT_TAG_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(JSON.stringify({ ...(await measureSdkSize()), ...(await measureButtonSize()) }))
