/** Shared by the bench scripts: medians, rounding, and the initial-JS size of a built page. */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
export const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/** Median, min and max of timings in ms, with how many there were. */
export const timingSummary = (samples: number[]) => ({
  median: round(median(samples)),
  min: round(Math.min(...samples)),
  max: round(Math.max(...samples)),
  runs: samples.length,
})

/**
 * Gzip (level 9) of the scripts a built page's index.html loads before anything is lazily
 * imported: its module scripts and modulepreloads. `dist` is the build folder, ending in '/'.
 */
export function initialJsGzip(dist: string): number {
  const html = readFileSync(`${dist}index.html`, 'utf8')
  const scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!)
  return scripts.reduce((sum, file) => sum + gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length, 0)
}
