/**
 * Readability of a host's theme (issue 10, docs/embedded-wallet.md "Approval and clickjacking"):
 * the colour and length arithmetic both the modal and the key frame use to clamp the theme
 * variables a host sends, so that its choices can never make the text unreadable.
 */

/** WCAG AA contrast for body text. */
export const MIN_TEXT_CONTRAST = 4.5

export type Rgb = [number, number, number]

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)`; anything else (names, var(), gradients) is not accepted. */
export function parseColor(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase()
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text)
  if (short)
    return [short[1]!, short[2]!, short[3]!].map((digit) => Number.parseInt(digit + digit, 16)) as Rgb
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text)
  if (long) return [long[1]!, long[2]!, long[3]!].map((pair) => Number.parseInt(pair, 16)) as Rgb
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(text)
  if (rgb) {
    const channels = [rgb[1]!, rgb[2]!, rgb[3]!].map(Number) as Rgb
    return channels.every((channel) => channel <= 255) ? channels : undefined
  }
  return undefined
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2 contrast ratio, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** A CSS length in px (`16px`, `16`); rem/em and the rest are read as unknown. */
export function cssPixels(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value)
  return match ? Number(match[1]) : undefined
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
