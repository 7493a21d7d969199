/**
 * The approval view's theme from syncTheme (spec §2: dark by default; docs/embedded-wallet.md
 * "Approval and clickjacking"): the host's variables are clamped so that it cannot make what is
 * signed unreadable — font size within 12–20 px, and an accent only when it keeps 4.5:1 contrast
 * with the background (WCAG AA); otherwise the default accent.
 */
import type { ThemeMode, ThemeVariables } from '@walletframe/protocol'

export interface ApprovalTheme {
  mode: ThemeMode
  background: string
  foreground: string
  muted: string
  surface: string
  border: string
  accent: string
  /** Text on the accent (the Approve button): black or white, whichever reads better. */
  onAccent: string
  fontSizePx: number
  radiusPx: number
}

export const MIN_FONT_PX = 12
export const MAX_FONT_PX = 20
const DEFAULT_FONT_PX = 14
const MAX_RADIUS_PX = 16
export const MIN_CONTRAST = 4.5

const PALETTES = {
  dark: {
    background: '#141414',
    foreground: '#f2f2f2',
    muted: '#a3a3a3',
    surface: '#1f1f1f',
    border: '#333333',
    accent: '#6ea8ff',
  },
  light: {
    background: '#ffffff',
    foreground: '#141414',
    muted: '#5c5c5c',
    surface: '#f3f3f3',
    border: '#dddddd',
    accent: '#1f5fd1',
  },
} as const

type Rgb = [number, number, number]

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
function pixels(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value)
  return match ? Number(match[1]) : undefined
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

export function approvalTheme(mode: ThemeMode, variables: ThemeVariables = {}): ApprovalTheme {
  const palette = PALETTES[mode]
  const background = parseColor(palette.background)!
  const requested = variables['--wf-accent'] === undefined ? undefined : parseColor(variables['--wf-accent'])
  const accentRgb =
    requested && contrastRatio(requested, background) >= MIN_CONTRAST
      ? requested
      : parseColor(palette.accent)!
  const black: Rgb = [0, 0, 0]
  const white: Rgb = [255, 255, 255]
  const fontSize = pixels(variables['--wf-font-size-master'])
  const radius = pixels(variables['--wf-border-radius-master'])
  return {
    mode,
    ...palette,
    accent: `rgb(${accentRgb.join(', ')})`,
    onAccent: contrastRatio(accentRgb, black) >= contrastRatio(accentRgb, white) ? '#000000' : '#ffffff',
    fontSizePx: fontSize === undefined ? DEFAULT_FONT_PX : clamp(fontSize, MIN_FONT_PX, MAX_FONT_PX),
    radiusPx: radius === undefined ? 8 : clamp(radius, 0, MAX_RADIUS_PX),
  }
}
