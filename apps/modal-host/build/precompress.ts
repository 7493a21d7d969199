/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every script and
 * stylesheet of the build, with the server's settings (server/compression.ts), so it sends them without
 * compressing per request (server/assets.ts picks one by Accept-Encoding).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { COMPRESSORS, PRECOMPRESSED } from '../server/compression.ts'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/

export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'walletframe:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir, config.build.assetsDir)
    },
    async closeBundle() {
      const files = (await readdir(outDir)).filter((name) => COMPRESSIBLE.test(name))
      await Promise.all(
        files.map(async (name) => {
          const body = await readFile(join(outDir, name))
          await Promise.all(
            PRECOMPRESSED.map(async ({ encoding, suffix }) =>
              writeFile(join(outDir, `${name}${suffix}`), await COMPRESSORS[encoding](body)),
            ),
          )
        }),
      )
    },
  }
}
