/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every script and
 * stylesheet of the build, at their best compression, so the modal server sends them without
 * compressing per request (server/assets.ts picks one by Accept-Encoding).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

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
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
            promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
          ])
          await Promise.all([
            writeFile(join(outDir, `${name}.br`), br),
            writeFile(join(outDir, `${name}.gz`), gz),
          ])
        }),
      )
    },
  }
}
