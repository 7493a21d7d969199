/**
 * How the modal's files are compressed, defined once: at build time for the hashed assets
 * (build/precompress.ts writes the copies) and at the first request for the SDK bundles
 * (assets.ts). Each file is compressed once, so at the best settings: brotli's top quality, gzip 9.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** The encodings a precompressed file may have, best first, with the suffix the build gives it. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const
export type Encoding = (typeof PRECOMPRESSED)[number]['encoding']

export const COMPRESSORS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
}
