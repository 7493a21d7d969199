/**
 * Applies the mode and the integrator's theme variables (spec §2 theme defaults) to the document,
 * clamped so that no theme blanks the modal (issue 10), as the key frame clamps its approval
 * theme: the font-size master stays within 9–14 px (px only), the colour mix is applied only as
 * an opaque colour and at most as strongly as every text keeps WCAG AA contrast on every
 * background, and an accent is used only when it stands out from the background (3:1, WCAG
 * non-text contrast) and its tag text stays readable.
 */
import {
  contrastRatio,
  cssPixels,
  MIN_TEXT_CONTRAST,
  parseColor,
  type Rgb,
  THEME_DEFAULTS,
  type ThemeMode,
  type ThemeVariables,
} from '@walletframe/protocol'

export const MIN_FONT_MASTER_PX = 9
export const MAX_FONT_MASTER_PX = 14
/** WCAG 1.4.11: buttons and focus rings in the accent must stand out from the background. */
const MIN_ACCENT_CONTRAST = 3

const WHITE: Rgb = [255, 255, 255]
const BLACK: Rgb = [0, 0, 0]

/**
 * The colours of ui/base.css per mode: the backgrounds the mix is blended into (page, rows, hovered
 * rows), the texts on all of them (body, muted), the error text (on the page) and the tags' texts
 * on their tints (on the page and on rows). Each of these has 4.5:1 or more without a mix.
 */
const PALETTES = {
  dark: {
    backgrounds: ['#16171b', '#1f2026', '#292a31'],
    texts: ['#f4f4f6', '#9b9ca6'],
    error: '#ff6b6b',
    success: '#3ccf91',
    accent: '#6f7cff',
    /** --wf-accent-text: the accent mixed with white (55%) or black (75%). */
    accentText: (accent: Rgb) => blend(accent, WHITE, 0.55),
  },
  light: {
    backgrounds: ['#ffffff', '#f3f4f7', '#e8e9ee'],
    texts: ['#15161a', '#5d5f6b'],
    error: '#d43d3d',
    success: '#0b6e46',
    accent: '#4b57e8',
    accentText: (accent: Rgb) => blend(accent, BLACK, 0.75),
  },
} satisfies Record<ThemeMode, unknown>

/** `color-mix(in srgb, a share, b)`: per channel, a × share + b × (1 − share). */
function blend(a: Rgb, b: Rgb, share: number): Rgb {
  return a.map((channel, i) => Math.round(channel * share + b[i]! * (1 - share))) as Rgb
}

/** Whether every text of the modal keeps 4.5:1 (WCAG AA) on its background once `mix` is blended in. */
function readableWith(mode: ThemeMode, accent: Rgb, mix: Rgb, strength: number): boolean {
  const palette = PALETTES[mode]
  const success = parseColor(palette.success)!
  const readable = (text: Rgb, background: Rgb) => contrastRatio(text, background) >= MIN_TEXT_CONTRAST
  return palette.backgrounds.every((base, i) => {
    const background = blend(mix, parseColor(base)!, strength / 100)
    return (
      palette.texts.every((text) => readable(parseColor(text)!, background)) &&
      (i > 0 || readable(parseColor(palette.error)!, background)) &&
      // Tags (base.css .wf-tag-*): the text on a 15–16% tint of its colour, on the page and on rows.
      (i > 1 ||
        (readable(success, blend(success, background, 0.15)) &&
          readable(palette.accentText(accent), blend(accent, background, 0.16))))
    )
  })
}

/** The strongest mix, up to the requested one, at which every text stays readable. */
function readableMixStrength(mode: ThemeMode, accent: Rgb, mix: Rgb, requested: number): number {
  let strength = Math.floor(requested)
  while (strength > 0 && !readableWith(mode, accent, mix, strength)) strength--
  return strength
}

/** The host's accent if it stands out from the background and its tag text stays readable. */
function readableAccent(mode: ThemeMode, requested: string | undefined): Rgb | undefined {
  const accent = requested === undefined ? undefined : parseColor(requested)
  if (!accent) return undefined
  const background = parseColor(PALETTES[mode].backgrounds[0]!)!
  const tagText = contrastRatio(PALETTES[mode].accentText(accent), blend(accent, background, 0.16))
  return contrastRatio(accent, background) >= MIN_ACCENT_CONTRAST && tagText >= MIN_TEXT_CONTRAST
    ? accent
    : undefined
}

/** The CSS custom properties the theme variables come to once clamped. */
export function readableTheme(mode: ThemeMode, variables: ThemeVariables): Record<string, string> {
  const fontSize = cssPixels(variables['--wf-font-size-master'] ?? THEME_DEFAULTS.fontSizeMaster)
  const accent = readableAccent(mode, variables['--wf-accent'])
  const mix = variables['--wf-color-mix'] === undefined ? undefined : parseColor(variables['--wf-color-mix'])
  const strength = variables['--wf-color-mix-strength'] ?? THEME_DEFAULTS.colorMixStrength
  const effectiveAccent = accent ?? parseColor(PALETTES[mode].accent)!
  const values: Record<string, string> = {
    '--wf-font-size-master':
      fontSize === undefined
        ? THEME_DEFAULTS.fontSizeMaster
        : `${Math.min(MAX_FONT_MASTER_PX, Math.max(MIN_FONT_MASTER_PX, fontSize))}px`,
    '--wf-border-radius-master': variables['--wf-border-radius-master'] ?? THEME_DEFAULTS.borderRadiusMaster,
    '--wf-color-mix-strength': `${mix ? readableMixStrength(mode, effectiveAccent, mix, strength) : 0}%`,
  }
  if (variables['--wf-font-family']) values['--wf-font-family'] = variables['--wf-font-family']
  if (accent) values['--wf-accent'] = variables['--wf-accent']!
  if (mix) values['--wf-color-mix'] = variables['--wf-color-mix']!
  return values
}

export function applyTheme(root: HTMLElement, mode: ThemeMode, variables: ThemeVariables): void {
  root.dataset.theme = mode
  // A mode switch re-clamps against the other palette; what is not set now falls back to base.css.
  for (const name of ['--wf-accent', '--wf-color-mix']) root.style.removeProperty(name)
  for (const [name, value] of Object.entries(readableTheme(mode, variables)))
    root.style.setProperty(name, value)
}
