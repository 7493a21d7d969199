/**
 * The pictures of docs/theming.md: the Connect view with a few theme variables changed, dark and
 * light, from the demo's `?options=` (the SDK's own path to the modal). Each also checks that the
 * variables reached the modal's root as docs/theming.md says (clamped values, the accent used).
 * Copy `e2e/.screenshots/theming-*.png` to docs/screenshots when the look changes on purpose.
 */
import { fileURLToPath } from 'node:url'
import type { ThemeMode, ThemeVariables } from '@walletframe/protocol'
import { animationsFinished, expect, modalFrame, stack, test } from '../support/fixtures.ts'

const THEMES: {
  name: string
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  expected: Record<string, string>
}[] = [
  {
    name: 'default-dark',
    themeMode: 'dark',
    themeVariables: {},
    expected: { '--wf-font-size-master': '10px' },
  },
  {
    name: 'default-light',
    themeMode: 'light',
    themeVariables: {},
    expected: { '--wf-font-size-master': '10px' },
  },
  {
    name: 'brand-dark',
    themeMode: 'dark',
    themeVariables: {
      '--wf-accent': '#f5a524',
      '--wf-color-mix': '#1a3b5c',
      '--wf-color-mix-strength': 40,
      '--wf-border-radius-master': '10px',
    },
    expected: { '--wf-accent': '#f5a524', '--wf-color-mix': '#1a3b5c', '--wf-border-radius-master': '10px' },
  },
  {
    name: 'brand-light',
    themeMode: 'light',
    themeVariables: {
      '--wf-accent': '#0b7a55',
      '--wf-color-mix': '#e8d9c0',
      '--wf-color-mix-strength': 60,
      '--wf-border-radius-master': '0px',
      '--wf-font-family': 'Georgia, serif',
      '--wf-font-size-master': '11px',
    },
    expected: {
      '--wf-accent': '#0b7a55',
      '--wf-border-radius-master': '0px',
      '--wf-font-size-master': '11px',
    },
  },
]

for (const theme of THEMES) {
  test(`theming (${theme.name}): the variables reach the modal, screenshot`, async ({ page }) => {
    const options = { themeMode: theme.themeMode, themeVariables: theme.themeVariables }
    await page.goto(`${stack.dapp.url}?options=${encodeURIComponent(JSON.stringify(options))}`)
    await page.getByTestId('connect').click()
    const frame = await modalFrame(page)
    const dialog = frame.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    await expect(frame.locator('html')).toHaveAttribute('data-theme', theme.themeMode)
    const names = Object.keys(theme.expected)
    const applied = await frame.evaluate(
      (list) =>
        Object.fromEntries(list.map((name) => [name, document.documentElement.style.getPropertyValue(name)])),
      names,
    )
    expect(applied).toEqual(theme.expected)
    await animationsFinished(frame)
    const path = fileURLToPath(new URL(`../.screenshots/theming-${theme.name}.png`, import.meta.url))
    await dialog.screenshot({ path, animations: 'disabled' })
  })
}
