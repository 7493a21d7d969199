import {
  DeviceWaitRequestSchema,
  type DeviceWaitResponse,
  EmailLoginRequestSchema,
  type EmailLoginResponse,
  KEY_SERVER_PATHS,
  OtpRequestSchema,
  type OtpVerifyResponse,
  type SessionResponse,
  SignOutRequestSchema,
  type SignOutResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { deviceMail } from '../mail/messages.ts'
import { sendMail } from '../mail/send.ts'
import { takeOrThrow } from '../middleware/rate-limit.ts'
import { validBody } from '../middleware/validate.ts'
import { verifyCode } from '../otp/codes.ts'
import { mailCode } from '../otp/mail-code.ts'
import { passkeysOf } from '../passkey/credentials.ts'
import { clearSessionCookie, ensureDeviceId, readDeviceId, setSessionCookie } from '../session/cookies.ts'
import { createSession, deleteSession } from '../session/sessions.ts'
import { deviceKeyIdsOf, releaseShares, walletAddresses } from '../shares/wallets.ts'
import { identityOfUser } from '../users/identities.ts'
import { bindDevice, findOrCreateUser, findUserByEmail, isKnownDevice } from '../users/users.ts'
import { consumeConfirmation, mailConfirmation, waitForConfirmation } from './device-confirmation.ts'
import { claimEmailLogin } from './login.ts'

/** What can unlock a wallet after a reload, which the key frame must know before the Approve click. */
async function unlockMethods(ctx: KeyServerContext, userId: string) {
  const [passkeys, deviceKeys] = await Promise.all([passkeysOf(ctx, userId), deviceKeyIdsOf(ctx, userId)])
  return { passkey: passkeys.length > 0, keyWindow: deviceKeys.length > 0 }
}

/** Email login (spec §7 "connect email", "connect device", "connect otp"), the session, sign out. */
export function authRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  const projectIds = new Set(ctx.config.projects.map((project) => project.projectId))

  app.post(KEY_SERVER_PATHS.emailLogin, validBody(EmailLoginRequestSchema), async (c) => {
    const { email, projectId } = c.req.valid('json')
    if (!projectIds.has(projectId)) throw new KeyServerError('projectIdInvalid')
    await takeOrThrow(ctx.limits.perEmail, email)
    const deviceId = ensureDeviceId(c)
    const unclaim = await claimEmailLogin(ctx, email, deviceId)
    try {
      const user = await findUserByEmail(ctx.db, email)
      if (user && !(await isKnownDevice(ctx.db, user.id, deviceId))) {
        await mailConfirmation(ctx, { deviceId, email, projectId }, (link) =>
          sendMail(ctx, deviceMail(email, link)),
        )
        const body: EmailLoginResponse = { action: 'VERIFY_DEVICE' }
        return c.json(body)
      }
      await mailCode(ctx, { purpose: 'login', subject: deviceId, email, projectId, newEmail: null })
    } catch (error) {
      // Nothing of a login that mailed nothing remains: no cooldown, so the user may retry at once.
      await unclaim()
      throw error
    }
    const body: EmailLoginResponse = { action: 'VERIFY_OTP' }
    return c.json(body)
  })

  app.post(KEY_SERVER_PATHS.deviceWait, validBody(DeviceWaitRequestSchema), async (c) => {
    const deviceId = readDeviceId(c)
    if (!deviceId) throw new KeyServerError('deviceUnknown')
    const pending = await waitForConfirmation(ctx, deviceId, ctx.config.deviceWaitMs, c.req.raw.signal)
    if (!pending) throw new KeyServerError('deviceNotPending')
    if (pending.confirmed && (await consumeConfirmation(ctx, pending.tokenHash))) {
      const { email, projectId } = pending
      await mailCode(ctx, { purpose: 'login', subject: deviceId, email, projectId, newEmail: null })
    }
    const body: DeviceWaitResponse = { confirmed: pending.confirmed }
    return c.json(body)
  })

  app.post(KEY_SERVER_PATHS.otpVerify, validBody(OtpRequestSchema), async (c) => {
    const deviceId = readDeviceId(c)
    if (!deviceId) throw new KeyServerError('deviceUnknown')
    const claims = await verifyCode(ctx, 'login', deviceId, c.req.valid('json').otp)
    const now = ctx.now()
    const { user, token } = await ctx.db.transaction(async (tx) => {
      const user = await findOrCreateUser(tx, claims.email, now)
      await bindDevice(tx, user.id, deviceId, now)
      const token = await createSession(ctx, tx, { userId: user.id, deviceId, projectId: claims.projectId })
      return { user, token }
    })
    setSessionCookie(c, token)
    // A fresh email code was just verified: the auth share may go to the key frame now.
    const wallet = await releaseShares(ctx, user.id)
    const body: OtpVerifyResponse = {
      email: user.email,
      isNewUser: user.isNew,
      ...(wallet ? { wallet } : {}),
    }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })

  app.get(KEY_SERVER_PATHS.session, async (c) => {
    c.header('Cache-Control', 'no-store')
    const session = c.var.session
    if (!session) return c.json({ isConnected: false } satisfies SessionResponse)
    const addresses = await walletAddresses(ctx, session.userId)
    // A session signed in with an identity names it (spec §3 socialProvider, user name), also for a
    // user who has an email too; a user without email (Farcaster) always has one.
    const identity =
      session.loginProvider !== null || session.email === null
        ? await identityOfUser(ctx.db, session.userId, session.loginProvider ?? undefined)
        : undefined
    const body: SessionResponse = {
      isConnected: true,
      user: {
        ...(session.email !== null ? { email: session.email } : {}),
        ...(identity ? { userName: identity.userName, socialProvider: identity.provider } : {}),
        ...(addresses ? { ...addresses, unlock: await unlockMethods(ctx, session.userId) } : {}),
      },
    }
    return c.json(body)
  })

  app.post(KEY_SERVER_PATHS.signOut, validBody(SignOutRequestSchema), async (c) => {
    const session = c.var.session
    if (session) await deleteSession(ctx, session.tokenHash)
    clearSessionCookie(c)
    return c.json({ signedOut: true } satisfies SignOutResponse)
  })

  return app
}
