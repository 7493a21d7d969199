import { KEY_SERVER_PATHS as PATHS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { startKeyServer } from './server.ts'
import { freshEmail, TEST_PROJECT, testConfig } from './test-support/key-server.ts'

describe('startKeyServer', () => {
  it('serves over HTTP and mails codes to the dev catcher it started', async () => {
    const config = testConfig({
      host: '127.0.0.1',
      port: 0,
      mailCatcher: { smtpHost: '127.0.0.1', smtpPort: 0, httpHost: '127.0.0.1', httpPort: 0 },
    })
    const server = await startKeyServer(config, { log: () => {} })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const email = freshEmail()
      const started = await fetch(`${server.url}${PATHS.emailLogin}`, {
        method: 'POST',
        headers: { origin: config.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email, projectId: TEST_PROJECT }),
      })
      expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
      const inbox = await fetch(`${server.inboxUrl}/messages.json?to=${encodeURIComponent(email)}`)
      const [mail] = (await inbox.json()) as Array<{ code?: string }>
      expect(mail?.code).toMatch(/^[0-9]{6}$/)
    } finally {
      await server.close()
    }
  })
})
