import { TIME, WALLETFRAME_NAME } from '@walletframe/protocol'
import { escapeHtml } from './html.ts'
import type { OutgoingMail } from './mailer.ts'

const minutes = (ms: number) => Math.round(ms / 60_000)

function page(lines: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines.join('')}</body></html>`
}

/** The email code of a login or an email update (spec §5 "Emails and codes"). */
export function codeMail(
  to: string,
  code: string,
  reason: 'login' | 'current email' | 'new email',
): OutgoingMail {
  const purpose =
    reason === 'login'
      ? `to sign in to your ${WALLETFRAME_NAME} wallet`
      : reason === 'current email'
        ? 'to confirm you want to change your email'
        : 'to confirm your new email'
  const lifetime = `It expires in ${minutes(TIME.otpLifetimeMs)} minutes and works once.`
  return {
    to,
    subject: `${code} is your ${WALLETFRAME_NAME} code`,
    text: `Your code ${purpose}: ${code}\n\n${lifetime}\nIf you did not ask for it, ignore this email.\n`,
    html: page([
      `<p>Your code ${escapeHtml(purpose)}:</p>`,
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>`,
      `<p>${lifetime} If you did not ask for it, ignore this email.</p>`,
    ]),
  }
}

/** The link a known user opens to confirm a new device before the code is sent. */
export function deviceMail(to: string, link: string): OutgoingMail {
  const lifetime = `The link expires in ${minutes(TIME.deviceConfirmationLifetimeMs)} minutes.`
  return {
    to,
    subject: `Confirm your new device for ${WALLETFRAME_NAME}`,
    text: `Someone is signing in to your wallet on a new device. If it is you, open this link:\n${link}\n\n${lifetime}\nIf it was not you, ignore this email.\n`,
    html: page([
      '<p>Someone is signing in to your wallet on a new device. If it is you, confirm it:</p>',
      `<p><a href="${escapeHtml(link)}">Confirm this device</a></p>`,
      `<p>${lifetime} If it was not you, ignore this email.</p>`,
    ]),
  }
}
