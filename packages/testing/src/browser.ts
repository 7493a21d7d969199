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
