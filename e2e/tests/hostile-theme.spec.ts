/**
 * A host's theme variables cannot blank the modal (issue 10): whatever the host sends, the modal
 * clamps it (ui/theme/apply-theme.ts) so that its text keeps a readable size and contrast.
 */
import { expect, saveScreenshot, seriousA11yViolations, stack, test } from '../support/fixtures.ts'

/** Each would have made the Connect view unreadable: no size, no background, or text on its own colour. */
const HOSTILE = {
  dark: { '--wf-color-mix': 'transparent', '--wf-color-mix-strength': 100, '--wf-font-size-master': '0px' },
  light: { '--wf-color-mix': '#15161a', '--wf-color-mix-strength': 100, '--wf-font-size-master': '0' },
} as const

for (const mode of ['dark', 'light'] as const) {
  test(`a hostile theme keeps the modal readable (${mode}): computed style, contrast, screenshot`, async ({
    dapp,
  }) => {
    // A second WalletFrame on the demo's page (an allowed origin), opened with the hostile theme,
    // once the demo's own has preloaded (after the load event): the hostile frame is the second.
    await expect(dapp.locator('iframe[title="WalletFrame"]')).toHaveCount(1)
    await dapp.addScriptTag({ url: `${stack.modal.origin}/sdk/walletframe.iife.js` })
    await dapp.evaluate(
      ({ modalUrl, projectId, themeMode, themeVariables }) => {
        const sdk = (
          window as never as { WalletFrame: { createWalletFrame(o: object): { open(): Promise<void> } } }
        ).WalletFrame
        const networks = [
          {
            id: 31337,
            name: 'Devnet',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
          },
        ]
        const hostile = sdk.createWalletFrame({
          projectId,
          modalUrl,
          networks,
          themeMode,
          themeVariables,
          announceProvider: false,
        })
        void hostile.open()
      },
      {
        modalUrl: stack.modal.url,
        projectId: stack.projectId,
        themeMode: mode,
        themeVariables: HOSTILE[mode],
      },
    )
    const frame = (await (await dapp
      .locator('iframe[title="WalletFrame"]')
      .nth(1)
      .elementHandle())!.contentFrame())!
    const dialog = frame.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    await expect(frame.locator('html')).toHaveAttribute('data-theme', mode)

    const style = await frame.evaluate(() => {
      const root = getComputedStyle(document.documentElement)
      const title = document.querySelector('[role="dialog"] h2, [role="dialog"] h1')!
      return {
        master: root.getPropertyValue('--wf-font-size-master').trim(),
        titleSize: Number.parseFloat(getComputedStyle(title).fontSize),
      }
    })
    expect(style.master).toBe('9px')
    expect(style.titleSize).toBeGreaterThanOrEqual(14)
    // axe's color-contrast rule measures every text against its real background (WCAG AA).
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(dapp, `hostile-theme-${mode}`)
  })
}
