/**
 * A translator for one locale: catalogue texts with their placeholders and plurals, the modal's
 * English texts from the session (the protocol's spec §8 messages) put into the locale, and numbers,
 * money and dates through `Intl`.
 */
import type { CatalogueEntry, MessageValues } from './catalogue.ts'
import { type Catalogue, en, type MessageKey } from './en.ts'
import { type ResolvedLocale, resolveLocale, type SupportedLocale } from './locale.ts'

/**
 * The other languages are chunks of their own, fetched once the host's hello names the locale: the
 * modal's first paint carries English only (bench: modal initial JS).
 */
const CATALOGUES: Record<SupportedLocale, () => Promise<Catalogue>> = {
  en: async () => en,
  es: () => import('./es.ts').then((m) => m.es),
  ar: () => import('./ar.ts').then((m) => m.ar),
}

/**
 * What a view shows: a catalogue key with its values, or a text the session holds in English (a
 * spec §8 message, translated when the catalogue has it; a wallet's own error text as it came).
 */
export type Text = string | { readonly key: MessageKey; readonly values?: MessageValues }

/** English text → its key, for the texts the session raises in English (toasts, alerts, errors). */
const KEY_OF_ENGLISH = new Map<string, MessageKey>()
for (const [key, entry] of Object.entries(en) as [MessageKey, CatalogueEntry][])
  if (typeof entry === 'string' && !KEY_OF_ENGLISH.has(entry)) KEY_OF_ENGLISH.set(entry, key)

const PLACEHOLDER = /\{(\w+)\}/g

export interface Translator {
  readonly language: SupportedLocale
  readonly locale: string
  readonly dir: 'ltr' | 'rtl'
  t(key: MessageKey, values?: MessageValues): string
  /** A Text: its key translated, or an English session text translated when it is in the catalogue. */
  text(message: Text): string
  number(value: number, options?: Intl.NumberFormatOptions): string
  /**
   * A decimal amount already floored to its digits (`"1234.500"`), grouped and with the locale's
   * separators; exact for any size (Intl reads a decimal string without floating point).
   */
  decimal(value: string): string
  /**
   * US dollars: a float floored to cents, below a cent `< $0.01` (spec §9), or an exact decimal
   * string already floored (a total summed in cents), in the locale's currency format.
   */
  usd(value: number | string): string
  /** A date and time, medium date and short time. */
  dateTime(date: Date): string
  /** A month's heading (`November`, or `November 2025` with its year). */
  month(year: number, month: number, withYear: boolean): string
}

export function createTranslator(resolved: ResolvedLocale, catalogue: Catalogue): Translator {
  const locale = resolved.formatLocale
  const plural = new Intl.PluralRules(locale)
  const usd = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    // `$`, not `US$`: the figures are all dollars, and `US$` reads out of order in right-to-left text.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  // Right to left, a Latin currency sign (`US$`) is isolated, or its `$` lands on the wrong side of `US`.
  const money = (value: number) =>
    resolved.dir === 'rtl'
      ? usd
          .formatToParts(value)
          .map((part) => (part.type === 'currency' ? `\u2066${part.value}\u2069` : part.value))
          .join('')
      : usd.format(value)
  const fill = (template: string, values: MessageValues | undefined) =>
    template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values?.[name]
      if (value === undefined) return whole
      return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value
    })
  const t = (key: MessageKey, values?: MessageValues) => {
    const entry: CatalogueEntry = catalogue[key] ?? en[key]
    if (typeof entry === 'string') return fill(entry, values)
    const count = Number(values?.count ?? 0)
    return fill(entry[plural.select(count)] ?? entry.other, values)
  }
  return {
    language: resolved.language,
    locale,
    dir: resolved.dir,
    t,
    text(message) {
      if (typeof message !== 'string') return t(message.key, message.values)
      const key = KEY_OF_ENGLISH.get(message)
      return key ? t(key) : message
    },
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    decimal(value) {
      const digits = value.split('.')[1]?.length ?? 0
      const format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
      // Intl.NumberFormat v3 reads a string as an exact decimal (the type says number | bigint).
      return format.format(value as unknown as number)
    },
    usd(value) {
      if (typeof value === 'string') return money(value as unknown as number)
      if (value > 0 && value < 0.01) return `< ${money(0.01)}`
      return money(Math.floor(value * 100) / 100)
    },
    dateTime: (date) => date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    month: (year, month, withYear) =>
      new Intl.DateTimeFormat(locale, {
        month: 'long',
        ...(withYear ? { year: 'numeric' } : {}),
        timeZone: 'UTC',
      }).format(Date.UTC(year, month, 1)),
  }
}

/** English as the modal spoke it before it had locales: the default where no locale is known. */
export const ENGLISH: Translator = createTranslator({ language: 'en', formatLocale: 'en-US', dir: 'ltr' }, en)

/** The translator at once when its catalogue is in the first chunk (English), else undefined. */
export function immediateTranslator(resolved: ResolvedLocale): Translator | undefined {
  return resolved.language === 'en' ? createTranslator(resolved, en) : undefined
}

/** The translator once its catalogue's chunk has arrived; English if it cannot be fetched. */
export function fetchTranslator(resolved: ResolvedLocale): Promise<Translator> {
  return CATALOGUES[resolved.language]().then(
    (catalogue) => createTranslator(resolved, catalogue),
    () => ENGLISH,
  )
}

/** The translator for the integrator's `locale` option, or the browser's languages. */
export function loadTranslator(
  requested: string | undefined,
  browser: readonly string[],
): Promise<Translator> {
  return fetchTranslator(resolveLocale(requested, browser))
}
