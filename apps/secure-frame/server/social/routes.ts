/**
 * Social login (spec §7 "get social redirect uri", "connect social"; docs/social-login.md):
 * POST socialStart {provider, projectId, modalOrigin} → {uri}; POST socialConnect {uri} →
 * CONNECT (session) or VERIFY_OTP (the email is an existing account's: a code was mailed);
 * POST socialOtp {otp} → CONNECT, the identity linked to that account. A login window cut off
 * from the modal leaves its answer instead (left-answers.ts).
 */

import type { Queryable } from '@walletframe/db'
import {
  KEY_SERVER_ERRORS,
  KEY_SERVER_PATHS,
  KeyServerEmailSchema,
  normalizeOrigin,
  SocialConnectRequestSchema,
  type SocialLoginProvider,
  SocialOtpRequestSchema,
  type SocialSessionResponse,
  SocialStartRequestSchema,
  type SocialStartResponse,
  type SocialVerifyOtpResponse,
} from '@walletframe/protocol'
import { type Context, Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { takeOrThrow } from '../middleware/rate-limit.ts'
import { validBody } from '../middleware/validate.ts'
import { verifyCode } from '../otp/codes.ts'
import { mailCode } from '../otp/mail-code.ts'
import { ensureDeviceId, readDeviceId, setSessionCookie } from '../session/cookies.ts'
import { createSession } from '../session/sessions.ts'
import { releaseShares } from '../shares/wallets.ts'
import { bindDevice, findUserByEmail } from '../users/users.ts'
import { createAttempt, takeAttempt } from './attempts.ts'
import { callbackAnswer } from './callback-answer.ts'
import type { SocialProviderConfig } from './config.ts'
import {
  createIdentityUser,
  linkIdentity,
  savePendingLink,
  signInIdentity,
  takePendingLink,
} from './identities.ts'
import { createOAuthClient } from './oauth-client.ts'
import { profileFromApi, profileFromIdToken, type SocialProfile } from './profiles.ts'

/** The email code that links an identity is a login code of its own subject, bound to the browser. */
const linkSubject = (deviceId: string) => `social-link:${deviceId}`

export function socialRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  const social = ctx.config.social
  const oauth = createOAuthClient({ fetch: social.fetch, now: ctx.now })
  const projectIds = new Set(ctx.config.projects.map((project) => project.projectId))
  const modalOrigins = new Set(ctx.config.modalOrigins)
  const providerConfig = (provider: SocialLoginProvider): SocialProviderConfig => {
    const config = social.providers[provider]
    if (!config) throw new KeyServerError('socialProviderOff')
    return config
  }
  const requireDevice = (c: Context) => {
    const deviceId = readDeviceId(c)
    if (!deviceId) throw new KeyServerError('deviceUnknown')
    return deviceId
  }

  /** A fresh session for the user, as after an email code: the cookie, and the wallet's shares. */
  async function signedIn(
    c: Context,
    answer: { provider: SocialLoginProvider; userName: string; email: string; isNewUser: boolean },
    session: { userId: string; token: string },
  ) {
    setSessionCookie(c, session.token)
    const wallet = await releaseShares(ctx, session.userId)
    const body: SocialSessionResponse = { action: 'CONNECT', ...answer, ...(wallet ? { wallet } : {}) }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  }

  app.post(KEY_SERVER_PATHS.socialStart, validBody(SocialStartRequestSchema), async (c) => {
    const { provider, projectId, modalOrigin } = c.req.valid('json')
    if (!projectIds.has(projectId)) throw new KeyServerError('projectIdInvalid')
    const config = providerConfig(provider)
    const origin = normalizeOrigin(modalOrigin)
    if (!origin || !modalOrigins.has(origin)) throw new KeyServerError('socialModalOriginRefused')
    const deviceId = ensureDeviceId(c)
    const attempt = await createAttempt(ctx, {
      provider,
      deviceId,
      projectId,
      modalOrigin: origin,
      oidc: config.kind === 'oidc',
    })
    const uri = await oauth.authorizationUrl(config, { ...attempt, redirectUri: social.redirectUri })
    c.header('Cache-Control', 'no-store')
    return c.json({ uri } satisfies SocialStartResponse)
  })

  app.post(KEY_SERVER_PATHS.socialConnect, validBody(SocialConnectRequestSchema), async (c) => {
    const deviceId = requireDevice(c)
    const answer = callbackAnswer(c.req.valid('json').uri, social.redirectUri)
    const attempt = await takeAttempt(ctx, answer.state, deviceId)
    const config = providerConfig(attempt.provider)
    if (answer.error) {
      throw new KeyServerError('socialDenied', {
        message: `${KEY_SERVER_ERRORS.socialDenied.message} (${answer.error})`,
      })
    }
    // RFC 9207: an OpenID provider's answer naming an issuer must name this attempt's (mix-up
    // defence). OAuth providers have no configured issuer to compare; the attempt binds the provider.
    if (config.kind === 'oidc' && answer.iss !== undefined && answer.iss !== config.issuer) {
      throw new KeyServerError('socialAnswerInvalid')
    }
    if (!answer.code) throw new KeyServerError('socialAnswerInvalid')
    const tokens = await oauth.exchangeCode(config, {
      code: answer.code,
      verifier: attempt.verifier,
      redirectUri: social.redirectUri,
    })
    let profile: SocialProfile
    if (config.kind === 'oidc') {
      if (!tokens.idToken || !attempt.nonce) {
        throw new KeyServerError('socialIdTokenInvalid', {
          message: `${KEY_SERVER_ERRORS.socialIdTokenInvalid.message} (no ID token)`,
        })
      }
      profile = profileFromIdToken(
        config.provider,
        await oauth.verifyIdToken(config, tokens.idToken, attempt.nonce),
      )
    } else {
      profile = await profileFromApi(oauth, config, tokens.accessToken)
    }
    const { provider } = config
    const { projectId } = attempt
    const now = ctx.now()

    // The user's session, signed in with this identity (null when `user` is).
    const withSession = async <T extends { userId: string }>(tx: Queryable, user: T | undefined) =>
      user && {
        ...user,
        token: await createSession(ctx, tx, {
          userId: user.userId,
          deviceId,
          projectId,
          loginProvider: provider,
        }),
      }
    const known = await ctx.db.transaction(async (tx) =>
      withSession(tx, await signInIdentity(tx, provider, profile, now)),
    )
    if (known) {
      return signedIn(
        c,
        { provider, userName: profile.userName, email: known.email, isNewUser: false },
        known,
      )
    }

    const email = verifiedEmail(profile)
    const created = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) return undefined
      return withSession(tx, await createIdentityUser(tx, provider, { ...profile, email }, now))
    })
    if (created) {
      return signedIn(c, { provider, userName: profile.userName, email, isNewUser: created.isNew }, created)
    }

    // The address is an existing account's: link only once a code mailed there is entered here.
    const owner = await findUserByEmail(ctx.db, email)
    if (!owner) throw new KeyServerError('socialAttemptInvalid')
    await takeOrThrow(ctx.limits.perEmail, email)
    await savePendingLink(ctx, deviceId, {
      provider,
      profile: { ...profile, email },
      userId: owner.id,
      projectId,
    })
    await mailCode(ctx, {
      purpose: 'login',
      subject: linkSubject(deviceId),
      email,
      projectId,
      newEmail: null,
    })
    c.header('Cache-Control', 'no-store')
    return c.json({ action: 'VERIFY_OTP', provider, email } satisfies SocialVerifyOtpResponse)
  })

  app.post(KEY_SERVER_PATHS.socialOtp, validBody(SocialOtpRequestSchema), async (c) => {
    const deviceId = requireDevice(c)
    const claims = await verifyCode(ctx, 'login', linkSubject(deviceId), c.req.valid('json').otp)
    const now = ctx.now()
    const linked = await ctx.db.transaction(async (tx) => {
      const link = await takePendingLink(tx, deviceId, claims.email, now)
      const user = await findUserByEmail(tx, claims.email)
      // The account changed its address since, or the link lapsed: start again.
      if (!link || user?.id !== link.userId) throw new KeyServerError('otpNotPending')
      if (!(await linkIdentity(tx, link, now))) throw new KeyServerError('socialAttemptInvalid')
      // An email code was verified on this browser, as in an email login.
      await bindDevice(tx, link.userId, deviceId, now)
      const token = await createSession(ctx, tx, {
        userId: link.userId,
        deviceId,
        projectId: link.projectId,
        loginProvider: link.provider,
      })
      return { link, token }
    })
    const { link, token } = linked
    return signedIn(
      c,
      {
        provider: link.provider,
        userName: link.profile.userName,
        email: link.profile.email,
        isNewUser: false,
      },
      { userId: link.userId, token },
    )
  })

  return app
}

/** The profile's verified email, normalised as an email login's; SOCIAL_EMAIL_UNVERIFIED without one. */
function verifiedEmail(profile: SocialProfile): string {
  const parsed = KeyServerEmailSchema.safeParse(profile.email ?? '')
  if (!parsed.success) throw new KeyServerError('socialEmailUnverified')
  return parsed.data
}
