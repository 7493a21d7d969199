import { describe, expect, it } from 'vitest'
import { ar } from './ar.ts'
import type { CatalogueEntry, PluralForms } from './catalogue.ts'
import { type Catalogue, en } from './en.ts'
import { es } from './es.ts'

const LOCALES: Record<string, Catalogue> = { es, ar }
/** Texts that are the same as in English: a product name, a sign, a word the language borrows. */
const LANGUAGE_NEUTRAL: Record<string, string[]> = {
  es: [
    'common.approx',
    'common.tokens',
    'view.ConnectingWalletConnect',
    'account.tab.tokens',
    'onramp.total',
    'account.type.eoa',
  ].sort(),
  ar: ['common.approx', 'view.ConnectingWalletConnect', 'account.type.eoa'].sort(),
}
const forms = (entry: CatalogueEntry): [string, string][] =>
  typeof entry === 'string' ? [['text', entry]] : Object.entries(entry as PluralForms)
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort()
const englishPlaceholders = (entry: CatalogueEntry) => [
  ...new Set(forms(entry).flatMap(([, text]) => placeholders(text))),
]
/** The plural categories a language uses for whole numbers (what a count can be). */
const categoriesOf = (locale: string) => {
  const rules = new Intl.PluralRules(locale)
  return [...new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))].sort()
}

describe.each(Object.entries(LOCALES))('the %s catalogue', (locale, catalogue) => {
  it('has every English key and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
  })

  it('keeps the placeholders of each English text (a plural form may spell out its count)', () => {
    for (const [key, entry] of Object.entries(en)) {
      const expected = englishPlaceholders(entry)
      for (const [form, text] of forms(catalogue[key as keyof Catalogue])) {
        // "one" may read "a second" rather than "1 second"; every other placeholder stays.
        const spelled = form !== 'text' && form !== 'other'
        const drop = (names: string[]) => (spelled ? names.filter((name) => name !== 'count') : names)
        expect(drop(placeholders(text)), `${locale} ${key} (${form})`).toEqual(drop(expected))
      }
    }
  })

  it("gives each plural text every form its language's counts use", () => {
    const needed = categoriesOf(locale)
    for (const [key, entry] of Object.entries(catalogue)) {
      if (typeof entry === 'string') continue
      for (const category of needed) expect(entry, `${locale} ${key}`).toHaveProperty(category)
    }
  })

  it('leaves nothing in English but names and symbols', () => {
    const same = Object.keys(en).filter(
      (key) => catalogue[key as keyof Catalogue] === en[key as keyof Catalogue],
    )
    expect(same.sort()).toEqual(LANGUAGE_NEUTRAL[locale])
  })
})

describe('the English catalogue', () => {
  it('gives plural texts the forms English uses', () => {
    for (const [key, entry] of Object.entries(en)) {
      if (typeof entry !== 'string') expect(Object.keys(entry).sort(), key).toEqual(categoriesOf('en'))
    }
  })
})
