/** `npm run build -w @walletframe/sdk`: writes dist/walletframe.{esm,iife}.js and prints their gzip sizes. */
import { build } from 'esbuild'
import { measureSdkSize, SDK_BUILDS } from './size.ts'

await Promise.all(SDK_BUILDS.map((options) => build(options)))
console.log(JSON.stringify(await measureSdkSize()))
