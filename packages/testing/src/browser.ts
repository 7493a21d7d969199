import type { CDPSession, Page } from 'playwright-core'

/** Debian's Chromium (Playwright's own download cannot run here), with the flags this machine needs. */
export function chromiumLaunchOptions() {
  return {
    executablePath: process.env.WF_CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  }
}

/**
 * A platform passkey authenticator with resident keys, user verification and PRF that answers by
 * itself (Chrome's CDP WebAuthn domain). Made on the page's main frame, it serves every frame of
 * the page's tree, the key frame nested in the modal included.
 */
export async function addPasskeyAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}
