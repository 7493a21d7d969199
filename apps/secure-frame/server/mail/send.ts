import type { KeyServerContext } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import type { OutgoingMail } from './mailer.ts'

/** Sends a mail; an SMTP failure is a 503 the key frame can show, not a bare 500. */
export async function sendMail(ctx: KeyServerContext, mail: OutgoingMail): Promise<void> {
  try {
    await ctx.mailer.send(mail)
  } catch (error) {
    throw new KeyServerError('mailUnavailable', { cause: error })
  }
}
