/**
 * Issue 13 point 8: the modal in Spanish and in Arabic (right to left), chosen with the `locale`
 * option on the demo page (`?options={"locale":…}`), numbers through Intl in that locale; an
 * unsupported locale falls back. Screenshots of Connect and Account in both, dark and light.
 */
import type { Frame, Page } from '@playwright/test'
import { lastMailId, nextMail, uniqueEmail } from '../support/embedded.ts'
import {
  chainClient,
  expect,
  injectTestWallet,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

const TEXTS = {
  es: {
    connect: 'Conectar billetera',
    account: 'Cuenta',
    installed: 'Instalada',
    copied: 'Dirección copiada',
  },
  ar: { connect: 'ربط المحفظة', account: 'الحساب', installed: 'مثبّتة', copied: 'تم نسخ العنوان' },
} as const

async function openConnect(page: Page, options: Record<string, unknown>, mode: 'dark' | 'light' = 'dark') {
  await injectTestWallet(page)
  await page.goto(`${stack.dapp.url}?${new URLSearchParams({ options: JSON.stringify(options) })}`)
  if (mode === 'light') await page.getByTestId('theme-toggle').click()
  await page.getByTestId('connect').click()
  return modalFrame(page)
}

/** The balance as the modal must show it: floored to 3 decimals, formatted by the frame's own Intl. */
async function expectedBalance(frame: Frame, address: `0x${string}`, locale: string) {
  const wei = await chainClient().getBalance({ address })
  const whole = wei / 10n ** 18n
  const fraction = ((wei % 10n ** 18n) / 10n ** 15n).toString().padStart(3, '0')
  return frame.evaluate(
    ([value, tag]) =>
      new Intl.NumberFormat(tag, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(
        value as unknown as number,
      ),
    [`${whole}.${fraction}`, locale] as const,
  )
}

for (const locale of ['es', 'ar'] as const) {
  for (const mode of ['dark', 'light'] as const) {
    test(`${locale} (${mode}): Connect and Account translated, ${locale === 'ar' ? 'right to left' : 'left to right'}, Intl numbers; screenshots`, async ({
      page,
    }) => {
      const texts = TEXTS[locale]
      const frame = await openConnect(page, { locale }, mode)
      const html = frame.locator('html')
      await expect(frame.getByRole('dialog', { name: texts.connect })).toBeVisible()
      await expect(html).toHaveAttribute('lang', locale)
      await expect(html).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr')
      await expect(frame.getByRole('button', { name: /Test Wallet/ })).toContainText(texts.installed)
      // The layout mirrors: the close button sits at the card's start side, the back arrow points the other way.
      const close = await frame
        .getByRole('button', { name: locale === 'ar' ? 'إغلاق' : 'Cerrar' })
        .boundingBox()
      const title = await frame.getByRole('heading', { name: texts.connect }).boundingBox()
      expect(locale === 'ar' ? close!.x < title!.x : close!.x > title!.x).toBe(true)
      expect(await seriousA11yViolations(frame)).toEqual([])
      await saveScreenshot(page, `i18n-connect-${locale}-${mode}`)

      await frame.getByRole('button', { name: /Test Wallet/ }).click()
      await expect(page.getByTestId('status')).toHaveText('connected')
      await expect(frame.getByRole('dialog', { name: texts.account })).toBeVisible()
      const address = (await page.getByTestId('address').textContent()) as `0x${string}`
      const balance = await expectedBalance(frame, address, locale)
      await expect(frame.getByTestId('account-balance')).toHaveText(`${balance} ETH`)
      // Spec §8 texts too: the copy toast comes from the session in English and is shown translated.
      await frame.getByTestId('account-address').locator('..').getByRole('button').click()
      await expect(frame.getByRole('status').filter({ hasText: texts.copied })).toBeVisible()
      await frame.getByTestId('account-network').click()
      const back = frame.getByRole('button', { name: locale === 'ar' ? 'رجوع' : 'Atrás' })
      const arrow = await back.locator('svg').evaluate((svg) => getComputedStyle(svg).transform)
      expect(arrow).toBe(locale === 'ar' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none')
      await back.click()
      await expect(frame.getByRole('dialog', { name: texts.account })).toBeVisible()
      await expect(frame.getByTestId('tokens-total')).toHaveText(/US\$|\$/)
      expect(await seriousA11yViolations(frame)).toEqual([])
      await saveScreenshot(page, `i18n-account-${locale}-${mode}`)
    })
  }
}

for (const mode of ['dark', 'light'] as const) {
  test(`ar (${mode}): Send, Swap, Receive, Networks and the email field mirror too; screenshots`, async ({
    page,
  }) => {
    const frame = await openConnect(page, { locale: 'ar' }, mode)
    // Spec §8-style inline error, raised in English by the session, shown in Arabic.
    await frame.getByPlaceholder('البريد الإلكتروني').fill('not an email')
    await frame.getByRole('button', { name: 'المتابعة بالبريد الإلكتروني' }).click()
    await expect(frame.getByText('أدخل بريدًا إلكترونيًا صالحًا')).toBeVisible()
    await saveScreenshot(page, `i18n-connect-email-error-ar-${mode}`)
    await frame.getByRole('button', { name: /Test Wallet/ }).click()
    await expect(frame.getByRole('dialog', { name: TEXTS.ar.account })).toBeVisible()
    const views = [
      ['send', 'إرسال', 'send-amount'],
      ['swaps', 'مبادلة', 'swap-amount'],
      ['receive', 'استلام', 'receive-qr'],
    ] as const
    for (const [feature, title, ready] of views) {
      await frame.getByTestId(`wallet-feature-${feature}`).click()
      await expect(frame.getByRole('dialog', { name: title })).toBeVisible()
      await expect(frame.getByTestId(ready)).toBeVisible()
      expect(await seriousA11yViolations(frame)).toEqual([])
      await saveScreenshot(page, `i18n-${feature}-ar-${mode}`)
      await frame.getByRole('button', { name: 'رجوع' }).click()
    }
    await frame.getByTestId('account-network').click()
    await expect(frame.getByRole('dialog', { name: 'اختر الشبكة' })).toBeVisible()
    await saveScreenshot(page, `i18n-networks-ar-${mode}`)
  })
}

for (const mode of ['dark', 'light'] as const) {
  test(`ar (${mode}): the email login's code view, its boxes left to right, and the 30 s wait in Arabic plurals`, async ({
    page,
  }) => {
    const frame = await openConnect(page, { locale: 'ar' }, mode)
    const email = uniqueEmail(`i18n-${mode}`)
    const before = await lastMailId(email)
    await frame.getByPlaceholder('البريد الإلكتروني').fill(email)
    await frame.getByRole('button', { name: 'المتابعة بالبريد الإلكتروني' }).click()
    await expect(frame.getByRole('dialog', { name: 'المتابعة بالبريد الإلكتروني' })).toBeVisible()
    await expect(frame.getByText('أدخل الرمز', { exact: true })).toBeVisible()
    await nextMail(email, before)
    const first = await frame.getByLabel('الرقم 1', { exact: true }).boundingBox()
    const last = await frame.getByLabel('الرقم 6', { exact: true }).boundingBox()
    expect(first!.x).toBeLessThan(last!.x)
    await saveScreenshot(page, `i18n-email-code-ar-${mode}`)
    await frame.getByRole('button', { name: 'رجوع' }).click()
    await frame.getByPlaceholder('البريد الإلكتروني').fill(email)
    await frame.getByRole('button', { name: 'المتابعة بالبريد الإلكتروني' }).click()
    await expect(frame.getByTestId('login-error')).toHaveText(/^يرجى المحاولة مرة أخرى بعد/)
  })
}

test('a region without a catalogue takes its language (es-MX → es); an unknown language is English', async ({
  page,
}) => {
  let frame = await openConnect(page, { locale: 'es-MX' })
  await expect(frame.getByRole('dialog', { name: TEXTS.es.connect })).toBeVisible()
  await expect(frame.locator('html')).toHaveAttribute('lang', 'es-MX')
  frame = await openConnect(page, { locale: 'xx' })
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr')
})

test("without the option the modal follows the browser's language (English here)", async ({ dapp }) => {
  await dapp.getByTestId('connect').click()
  const frame = await modalFrame(dapp)
  await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  const browser = await dapp.evaluate(() => navigator.language)
  await expect(frame.locator('html')).toHaveAttribute('lang', browser)
})

test('a locale that is not a string is refused by createWalletFrame(), naming it', async ({ page }) => {
  await injectTestWallet(page)
  await page.goto(`${stack.dapp.url}?${new URLSearchParams({ options: JSON.stringify({ locale: 5 }) })}`)
  await expect(page.getByTestId('error')).toHaveText(/locale must be a string/)
})
