import { createHash } from 'node:crypto'
import type { Context } from 'hono'

/**
 * Generated monogram images: a few letters on a colour derived from the id. The registry ships
 * no artwork (no trademarks), and a generated image is the same on every server, so it can be
 * cached as immutable and validated by a content hash.
 */

const SIZE = 96
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

/** Images are addressed by id, and an id's image never changes: a day fresh, never revalidated early. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable'

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Text and attribute values in the SVG: wallet names come from the database, not from us. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!)
}

/** "Harbor Wallet" → "HW"; one word → its first letter; by code point, so emoji stay whole. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/).filter((word) => word.length > 0)
  const letters = words.slice(0, 2).map((word) => [...word][0]!.toUpperCase())
  return letters.join('') || '?'
}

/** "USDC.e" → "USDC": at most four characters fit the tile. */
export function symbolText(symbol: string): string {
  return [...symbol.split('.')[0]!].slice(0, 4).join('').toUpperCase() || '?'
}

/**
 * A background from the id's hash, with the text colour (white or near-black) that reads best
 * on it: hue alone gives yellows and cyans on which white text would be unreadable.
 */
export function coloursFor(id: string): { background: string; text: string } {
  const hash = createHash('sha256').update(id).digest()
  const hue = ((hash[0]! << 8) | hash[1]!) % 360
  const saturation = 45 + (hash[2]! % 25)
  const lightness = 34 + (hash[3]! % 18)
  const [r, g, b] = hslToRgb(hue, saturation / 100, lightness / 100)
  const luminance = relativeLuminance(r, g, b)
  // WCAG contrast with white is 1.05 / (L + 0.05); with #111 it is (L + 0.05) / 0.0566.
  const onWhite = 1.05 / (luminance + 0.05)
  const onDark = (luminance + 0.05) / 0.0566
  return { background: rgbHex(r, g, b), text: onWhite >= onDark ? '#ffffff' : '#111111' }
}

export function monogramSvg(options: { id: string; text: string; label: string }): string {
  const { background, text } = coloursFor(options.id)
  const length = [...options.text].length
  const fontSize = length <= 2 ? 40 : length === 3 ? 32 : 26
  const label = escapeXml(options.label)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" ` +
    `role="img" aria-label="${label}"><title>${label}</title>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="${background}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="${escapeXml(FONT)}" ` +
    `font-size="${fontSize}" font-weight="600" fill="${text}">${escapeXml(options.text)}</text></svg>`
  )
}

/** A strong validator from the bytes: identical images share it on every server. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** RFC 9110 If-None-Match: a list of tags, weak tags compared weakly, `*` matching any. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((raw) => {
    const tag = raw.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

/** The SVG, or 304 when the client holds it already. */
export function sendSvg(c: Context, svg: string): Response {
  const etag = etagOf(svg)
  const headers = {
    'Cache-Control': IMAGE_CACHE_CONTROL,
    ETag: etag,
    // An SVG opened on its own is a document: no scripts, no sniffing into something else.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'X-Content-Type-Options': 'nosniff',
  }
  if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' })
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

function relativeLuminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

function rgbHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`
}
