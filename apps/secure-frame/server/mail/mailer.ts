import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/**
 * Mail over SMTP: the production server of SMTP_URL, or the dev catcher on loopback (no auth, no
 * TLS: the catcher offers neither, and the traffic never leaves the machine).
 */
export function createMailer(options: {
  from: string
  smtpUrl?: string | undefined
  catcher: { host: string; port: number }
}): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({
        host: options.catcher.host,
        port: options.catcher.port,
        secure: false,
        ignoreTLS: true,
      })
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close: () => transport.close(),
  }
}
