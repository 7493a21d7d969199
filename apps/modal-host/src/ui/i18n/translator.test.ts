import { UI_MESSAGES } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { resolveLocale } from './locale.ts'
import { loadTranslator } from './translator.ts'

describe('resolveLocale', () => {
  it('takes the option, narrowed to a language with a catalogue', () => {
    expect(resolveLocale('es-MX', ['en-US'])).toEqual({ language: 'es', formatLocale: 'es-MX', dir: 'ltr' })
    expect(resolveLocale('ar', ['en-US'])).toEqual({ language: 'ar', formatLocale: 'ar', dir: 'rtl' })
  })
  it('falls back to English for an unsupported or malformed option, not to the browser', () => {
    expect(resolveLocale('xx', ['es-ES']).language).toBe('en')
    expect(resolveLocale('not a tag!', ['es-ES']).language).toBe('en')
  })
  it("without the option, takes the browser's first supported language", () => {
    expect(resolveLocale(undefined, ['fr-FR', 'es-AR', 'en'])).toMatchObject({
      language: 'es',
      formatLocale: 'es-AR',
    })
    expect(resolveLocale(undefined, ['en-US'])).toMatchObject({ language: 'en', formatLocale: 'en-US' })
    expect(resolveLocale(undefined, []).language).toBe('en')
  })
})

describe('a translator', async () => {
  const en = await loadTranslator(undefined, ['en-US'])
  const es = await loadTranslator('es', [])
  const ar = await loadTranslator('ar', [])

  it('fills placeholders, numbers in the locale', () => {
    expect(en.t('connect.continueIn', { wallet: 'Rabby' })).toBe('Continue in Rabby')
    expect(es.t('connect.continueIn', { wallet: 'Rabby' })).toBe('Continúa en Rabby')
    expect(es.t('email.resendIn', { seconds: 12345 })).toBe(
      `Reenviar código en ${(12345).toLocaleString('es')} s`,
    )
  })

  it('picks the plural form with Intl.PluralRules', () => {
    expect(en.t('email.cooldown', { count: 1 })).toBe('Please try again after 1 second')
    expect(en.t('email.cooldown', { count: 30 })).toBe('Please try again after 30 seconds')
    expect(es.t('email.cooldown', { count: 1 })).toBe('Vuelve a intentarlo dentro de 1 segundo')
    expect(ar.t('email.cooldown', { count: 2 })).toBe('يرجى المحاولة مرة أخرى بعد ثانيتين')
    expect(ar.t('email.cooldown', { count: 5 })).toContain('ثوانٍ')
  })

  it("translates the session's English spec §8 texts, and leaves a wallet's own words as they came", () => {
    expect(es.text(UI_MESSAGES.addressCopied)).toBe('Dirección copiada')
    expect(ar.text(UI_MESSAGES.somethingWentWrong)).toBe('حدث خطأ ما')
    expect(en.text(UI_MESSAGES.addressCopied)).toBe(UI_MESSAGES.addressCopied)
    expect(es.text('Rabby: nonce too low')).toBe('Rabby: nonce too low')
    expect(es.text({ key: 'names.registrationFailed', values: { name: 'alice' } })).toBe(
      'Error al registrar el nombre alice',
    )
  })

  it('formats exact amounts, dollars and dates through Intl, English as before', () => {
    expect(en.decimal('12345678901234567890.125')).toBe('12,345,678,901,234,567,890.125')
    expect(es.decimal('10000.500')).toBe('10.000,500')
    expect(ar.decimal('1.5')).toBe(new Intl.NumberFormat('ar', { minimumFractionDigits: 1 }).format(1.5))
    expect(en.usd(1234.567)).toBe('$1,234.56')
    expect(en.usd(0.004)).toBe('< $0.01')
    expect(es.usd(1234.5)).toBe(
      new Intl.NumberFormat('es', {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      }).format(1234.5),
    )
    expect(en.month(2025, 10, false)).toBe('November')
    expect(es.month(2025, 10, true)).toBe('noviembre de 2025')
  })

  it('keeps a Latin currency sign whole in right-to-left text', () => {
    expect(ar.usd(5)).toContain('\u2066')
    expect(ar.usd(5).replace(/[\u2066\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      }).format(5),
    )
  })

  it('says which way the text runs', () => {
    expect([en.dir, es.dir, ar.dir]).toEqual(['ltr', 'ltr', 'rtl'])
  })
})
