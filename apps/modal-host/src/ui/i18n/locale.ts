/**
 * Which catalogue the modal speaks: the integrator's `locale` option, else the browser's languages,
 * each narrowed to its language when the region has no catalogue (es-MX → es); English otherwise.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'ar'] as const
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]
export const DEFAULT_LOCALE: SupportedLocale = 'en'

/** Languages written right to left, among those with a catalogue. */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar'])

export interface ResolvedLocale {
  /** The catalogue. */
  language: SupportedLocale
  /** The tag `Intl` formats with: the asked one when its language has the catalogue (es-MX keeps Mexico's formats). */
  formatLocale: string
  dir: 'ltr' | 'rtl'
}

/** A valid BCP 47 tag in its canonical form, or undefined (`Intl` throws on a malformed one). */
function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

function match(tag: string): ResolvedLocale | undefined {
  const formatLocale = canonical(tag)
  if (!formatLocale) return undefined
  const language = new Intl.Locale(formatLocale).language
  const supported = SUPPORTED_LOCALES.find((locale) => locale === language)
  if (!supported) return undefined
  return { language: supported, formatLocale, dir: RTL_LANGUAGES.has(supported) ? 'rtl' : 'ltr' }
}

/**
 * `requested` (the option) wins when set, and an unsupported one means English, not the browser's
 * language: the integrator chose the page's language. Unset, the first supported browser language.
 */
export function resolveLocale(requested: string | undefined, browser: readonly string[]): ResolvedLocale {
  const candidates = requested ? [requested] : browser
  for (const tag of candidates) {
    const found = match(tag)
    if (found) return found
  }
  return { language: DEFAULT_LOCALE, formatLocale: DEFAULT_LOCALE, dir: 'ltr' }
}
