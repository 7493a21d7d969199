import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MailCatcher, startMailCatcher } from './catcher.ts'
import { createMailer, type Mailer } from './mailer.ts'
import { codeMail, deviceMail } from './messages.ts'

describe('dev mail catcher', () => {
  let catcher: MailCatcher
  let mailer: Mailer
  beforeAll(async () => {
    catcher = await startMailCatcher({
      smtpHost: '127.0.0.1',
      smtpPort: 0,
      httpHost: '127.0.0.1',
      httpPort: 0,
    })
    mailer = createMailer({
      from: 'Test <test@localhost>',
      smtpUrl: catcher.smtpUrl,
      catcher: { host: '', port: 0 },
    })
  })
  afterAll(async () => {
    mailer.close()
    await catcher.close()
  })

  it('keeps messages over SMTP and lists them newest first with their code and link', async () => {
    await mailer.send(codeMail('Ada@Example.com', '012345', 'login'))
    await mailer.send(deviceMail('bob@example.com', 'http://localhost:5177/device/confirm?token=abc_DEF-123'))
    const [latest, first] = catcher.messages()
    expect(latest).toMatchObject({
      to: ['bob@example.com'],
      link: 'http://localhost:5177/device/confirm?token=abc_DEF-123',
    })
    expect(first).toMatchObject({
      to: ['ada@example.com'],
      code: '012345',
      subject: '012345 is your WalletFrame code',
    })
    expect(first?.html).toContain('012345')

    const json = await fetch(`${catcher.inboxUrl}/messages.json?to=ada@example.com`)
    const listed = (await json.json()) as Array<{ code?: string; receivedAt: string }>
    expect(listed).toHaveLength(1)
    expect(listed[0]?.code).toBe('012345')
    const page = await (await fetch(`${catcher.inboxUrl}/`)).text()
    expect(page.indexOf('bob@example.com')).toBeLessThan(page.indexOf('ada@example.com'))

    expect((await fetch(`${catcher.inboxUrl}/messages`, { method: 'DELETE' })).status).toBe(204)
    expect(catcher.messages()).toEqual([])
  })
})
