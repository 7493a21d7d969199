import {
  EmailUpdatePrimaryRequestSchema,
  type EmailUpdatePrimaryResponse,
  EmailUpdateRequestSchema,
  type EmailUpdateResponse,
  EmailUpdateSecondaryRequestSchema,
  type EmailUpdateSecondaryResponse,
  KEY_SERVER_PATHS,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { takeOrThrow } from '../middleware/rate-limit.ts'
import { validBody } from '../middleware/validate.ts'
import { verifyCode } from '../otp/codes.ts'
import { mailCode } from '../otp/mail-code.ts'
import { requireSession } from '../session/middleware.ts'
import { changeEmail, findUserByEmail } from '../users/users.ts'

/**
 * Spec §7 "update email": a code to the current address proves the account, then a code to the new
 * address proves that mailbox; only then does the account move. Codes follow the login's rules.
 */
export function emailUpdateRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()

  app.post(KEY_SERVER_PATHS.emailUpdate, validBody(EmailUpdateRequestSchema), async (c) => {
    const session = requireSession(c.var.session)
    const newEmail = c.req.valid('json').email
    // An account of an identity without email (Farcaster) has no current address to prove.
    if (session.email === null) {
      throw new KeyServerError('invalidInput', { message: 'This account has no email address to update' })
    }
    await takeOrThrow(ctx.limits.perEmail, session.email)
    if (newEmail === session.email) throw new KeyServerError('emailUnchanged')
    if (await findUserByEmail(ctx.db, newEmail)) throw new KeyServerError('emailTaken')
    await mailCode(ctx, {
      purpose: 'email_primary',
      subject: session.userId,
      email: session.email,
      projectId: null,
      newEmail,
    })
    return c.json({ action: 'VERIFY_PRIMARY_OTP' } satisfies EmailUpdateResponse)
  })

  app.post(KEY_SERVER_PATHS.emailUpdatePrimary, validBody(EmailUpdatePrimaryRequestSchema), async (c) => {
    const session = requireSession(c.var.session)
    const claims = await verifyCode(ctx, 'email_primary', session.userId, c.req.valid('json').otp)
    if (!claims.newEmail || claims.email !== session.email) throw new KeyServerError('otpNotPending')
    await takeOrThrow(ctx.limits.perEmail, claims.newEmail)
    await mailCode(ctx, {
      purpose: 'email_secondary',
      subject: session.userId,
      email: claims.newEmail,
      projectId: null,
      newEmail: claims.newEmail,
    })
    return c.json({ action: 'VERIFY_SECONDARY_OTP' } satisfies EmailUpdatePrimaryResponse)
  })

  app.post(KEY_SERVER_PATHS.emailUpdateSecondary, validBody(EmailUpdateSecondaryRequestSchema), async (c) => {
    const session = requireSession(c.var.session)
    const claims = await verifyCode(ctx, 'email_secondary', session.userId, c.req.valid('json').otp)
    if (!claims.newEmail) throw new KeyServerError('otpNotPending')
    if (!(await changeEmail(ctx.db, session.userId, claims.newEmail))) throw new KeyServerError('emailTaken')
    return c.json({ newEmail: claims.newEmail } satisfies EmailUpdateSecondaryResponse)
  })

  return app
}
