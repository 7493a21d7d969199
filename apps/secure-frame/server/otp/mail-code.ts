import type { KeyServerContext } from '../context.ts'
import { codeMail } from '../mail/messages.ts'
import { sendMail } from '../mail/send.ts'
import { type CodeClaims, type CodePurpose, newCode, storeCode } from './codes.ts'

const MAIL_REASONS = { login: 'login', email_primary: 'current email', email_secondary: 'new email' } as const

/**
 * Mails the step's code to `claims.email`, then stores it (replacing a pending one). In that order
 * so a mail that cannot be sent (503 MAIL_UNAVAILABLE) leaves nothing behind: a code already
 * pending stays the valid one, and no code exists that nobody received.
 */
export async function mailCode(
  ctx: KeyServerContext,
  request: CodeClaims & { purpose: CodePurpose; subject: string },
): Promise<void> {
  const { purpose, subject, ...claims } = request
  const code = newCode()
  await sendMail(ctx, codeMail(claims.email, code, MAIL_REASONS[purpose]))
  await storeCode(ctx, purpose, subject, claims, code)
}
