import type { KeyServerContext } from '../context.ts'
import { codeMail } from '../mail/messages.ts'
import { sendMail } from '../mail/send.ts'
import { type CodeClaims, type CodePurpose, issueCode } from './codes.ts'

const MAIL_REASONS = { login: 'login', email_primary: 'current email', email_secondary: 'new email' } as const

/** Issues the step's code (replacing a pending one) and mails it to `claims.email`. */
export async function mailCode(
  ctx: KeyServerContext,
  request: CodeClaims & { purpose: CodePurpose; subject: string },
): Promise<void> {
  const { purpose, subject, ...claims } = request
  const code = await issueCode(ctx, purpose, subject, claims)
  await sendMail(ctx, codeMail(claims.email, code, MAIL_REASONS[purpose]))
}
