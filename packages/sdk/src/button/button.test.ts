/**
 * `@walletframe/sdk/button` on a server (Node, no DOM): importing it is safe, and defining the
 * element says it needs a browser. The element itself is tested in Chromium:
 * e2e/tests/example-script-tag.spec.ts.
 */
import { describe, expect, it } from 'vitest'

describe('@walletframe/sdk/button without a browser', () => {
  it('imports without touching a DOM', async () => {
    expect(typeof customElements).toBe('undefined')
    const button = await import('./index.ts')
    expect(button.WALLETFRAME_BUTTON_TAG).toBe('walletframe-button')
  })

  it('refuses to define the element, with a clear error', async () => {
    const { defineWalletFrameButton } = await import('./index.ts')
    expect(() => defineWalletFrameButton()).toThrow(/needs a browser/)
  })
})
