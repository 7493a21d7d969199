/**
 * The dev mail catcher: an SMTP server on loopback that keeps every message in memory, and a small
 * HTTP inbox (an HTML page, JSON for tests) where the codes and links of the key server's mails
 * can be read without a real mailbox.
 */
import type { AddressInfo } from 'node:net'
import { listen } from '@walletframe/stack'
import { Hono } from 'hono'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { inboxPage } from './inbox-page.ts'

export interface CaughtMail {
  id: number
  to: string[]
  subject: string
  text: string
  html: string
  receivedAt: string
  /** The 6-digit code in the text, when there is one. */
  code?: string
  /** The device-confirmation link in the text, when there is one. */
  link?: string
}

export interface MailCatcherOptions {
  smtpHost: string
  /** 0 picks a free port. */
  smtpPort: number
  httpHost: string
  httpPort: number
}

export interface MailCatcher {
  smtpUrl: string
  inboxUrl: string
  /** Every message, newest first. */
  messages(): CaughtMail[]
  close(): Promise<void>
}

const MAX_MESSAGE_BYTES = 1024 * 1024
const MAX_KEPT = 1_000

export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const caught: CaughtMail[] = []
  let nextId = 1
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // The message is stored before the SMTP transaction completes, so a sender that awaited its
    // send finds it in the inbox.
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? ''
          const mail: CaughtMail = {
            id: nextId++,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
            ...extract(text),
          }
          caught.unshift(mail)
          caught.length = Math.min(caught.length, MAX_KEPT)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(options.smtpPort, options.smtpHost, () => {
      smtp.off('error', reject)
      resolve()
    })
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const app = new Hono()
  app.get('/', (c) => c.html(inboxPage(caught)))
  app.get('/messages.json', (c) => {
    const to = c.req.query('to')?.trim().toLowerCase()
    return c.json(to ? caught.filter((mail) => mail.to.includes(to)) : caught)
  })
  app.delete('/messages', (c) => {
    caught.length = 0
    return c.body(null, 204)
  })
  const http = await listen({ fetch: app.fetch, hostname: options.httpHost, port: options.httpPort })

  return {
    smtpUrl: `smtp://${options.smtpHost}:${smtpPort}`,
    inboxUrl: `http://${options.httpHost}:${http.port}`,
    messages: () => caught.map((mail) => ({ ...mail })),
    close: async () => {
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), http.close()])
    },
  }
}

/** The code and the confirmation link of a key-server mail, for tests and the inbox page. */
export function extract(text: string): { code?: string; link?: string } {
  const code = /(?<![0-9])[0-9]{6}(?![0-9])/.exec(text)?.[0]
  const link = /https?:\/\/[^\s"<>]+\/device\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0]
  return { ...(code ? { code } : {}), ...(link ? { link } : {}) }
}
