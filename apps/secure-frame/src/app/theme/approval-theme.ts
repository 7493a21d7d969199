/**
 * The approval view's theme from syncTheme (spec §2: dark by default; docs/embedded-wallet.md
 * "Approval and clickjacking"): the host's variables are clamped so that it cannot make what is
 * signed unreadable — font size within 12–20 px, and an accent only when it keeps 4.5:1 contrast
 * with the background (WCAG AA); otherwise the default accent.
 */
import {
  clamp,
  contrastRatio,
  cssPixels,
  MIN_TEXT_CONTRAST,
  parseColor,
  type Rgb,
  type ThemeMode,
  type ThemeVariables,
} from '@walletframe/protocol'

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

export function approvalTheme(mode: ThemeMode, variables: ThemeVariables = {}): ApprovalTheme {
  const palette = PALETTES[mode]
  const background = parseColor(palette.background)!
  const requested = variables['--wf-accent'] === undefined ? undefined : parseColor(variables['--wf-accent'])
  const accentRgb =
    requested && contrastRatio(requested, background) >= MIN_TEXT_CONTRAST
      ? requested
      : parseColor(palette.accent)!
  const black: Rgb = [0, 0, 0]
  const white: Rgb = [255, 255, 255]
  const fontSize = cssPixels(variables['--wf-font-size-master'])
  const radius = cssPixels(variables['--wf-border-radius-master'])
  return {
    mode,
    ...palette,
    accent: `rgb(${accentRgb.join(', ')})`,
    onAccent: contrastRatio(accentRgb, black) >= contrastRatio(accentRgb, white) ? '#000000' : '#ffffff',
    fontSizePx: fontSize === undefined ? DEFAULT_FONT_PX : clamp(fontSize, MIN_FONT_PX, MAX_FONT_PX),
    radiusPx: radius === undefined ? 8 : clamp(radius, 0, MAX_RADIUS_PX),
  }
}
