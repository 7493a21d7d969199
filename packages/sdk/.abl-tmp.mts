import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const base = {
  absWorkingDir: process.cwd(),
  entryPoints: ['src/iife.ts'],
  bundle: true,
  minify: true,
  target: 'es2020',
  platform: 'browser' as const,
  format: 'iife' as const,
  write: false,
  metafile: true,
}
const r = await build(base)
const size = (b: Uint8Array) => gzipSync(b, { level: 9 }).length
const full = size(r.outputFiles[0].contents)
const inputs = Object.entries(Object.values(r.metafile.outputs)[0].inputs)
  .filter(([, v]) => v.bytesInOutput > 0)
  .map(([k]) => k)
const rows: [number, string][] = []
for (const input of inputs) {
  const one = await build({
    absWorkingDir: process.cwd(),
    entryPoints: [input],
    bundle: false,
    write: false,
    metafile: true,
    format: 'esm',
    outdir: '/tmp/x',
  })
  const exports = Object.values(one.metafile.outputs)[0].exports
  const abs = path.resolve(input)
  const stub = exports.map((e) => `export const ${e} = globalThis.x${e.length}`).join('\n')
  let s
  try {
    s = await build({
      ...base,
      plugins: [
        {
          name: 's',
          setup(b) {
            b.onLoad({ filter: /.*/ }, (a) => (a.path === abs ? { contents: stub, loader: 'js' } : undefined))
          },
        },
      ],
      logLevel: 'silent',
    })
  } catch {
    rows.push([-1, input])
    continue
  }
  rows.push([full - size(s.outputFiles[0].contents), input])
}
rows.sort((a, b) => b[0] - a[0])
for (const [d, i] of rows) console.log(d, i)
console.log('full', full)
