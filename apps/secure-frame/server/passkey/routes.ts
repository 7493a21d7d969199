/**
 * Passkeys (docs/embedded-wallet.md "Custody"): a passkey is registered with the sealed device
 * share; a verified assertion (challenge, origin = key origin, top origin = a host origin of the
 * project, counter) unlocks the auth share and that passkey's sealed device share.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import {
  KEY_SERVER_PATHS,
  PasskeyAssertOptionsRequestSchema,
  PasskeyAssertRequestSchema,
  type PasskeyAssertResponse,
  PasskeyRegisterOptionsRequestSchema,
  PasskeyRegisterRequestSchema,
  type PasskeyRegisterResponse,
  WALLETFRAME_NAME,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { takeOrThrow } from '../middleware/rate-limit.ts'
import { validBody } from '../middleware/validate.ts'
import { ensureDeviceId, setSessionCookie } from '../session/cookies.ts'
import { requireFreshSession } from '../session/middleware.ts'
import { createSession, deleteSession } from '../session/sessions.ts'
import { deviceShares, loadWallet } from '../shares/wallets.ts'
import { identityOfUser } from '../users/identities.ts'
import { findUserByEmail, findUserById } from '../users/users.ts'
import { createChallenge, takeChallenge } from './challenges.ts'
import { checkTopOrigin, readClientData } from './client-data.ts'
import { findPasskey, passkeysOf, recordUse, savePasskey } from './credentials.ts'

export function passkeyRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  const origin = ctx.config.origin
  const rpID = new URL(origin).hostname
  const projects = new Map(ctx.config.projects.map((project) => [project.projectId, project.allowedOrigins]))
  const anyProjectOrigins = [...new Set(ctx.config.projects.flatMap((project) => project.allowedOrigins))]
  const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'))

  app.post(
    KEY_SERVER_PATHS.passkeyRegisterOptions,
    validBody(PasskeyRegisterOptionsRequestSchema),
    async (c) => {
      // Fresh: a passkey added here will later unlock the auth share on its own.
      const session = requireFreshSession(c.var.session)
      const challenge = await createChallenge(ctx, 'register', session.userId)
      const options = await generateRegistrationOptions({
        rpName: WALLETFRAME_NAME,
        rpID,
        // Passkey pickers show it; a Farcaster user has no email, so their username.
        userName: session.email ?? (await identityOfUser(ctx.db, session.userId))?.userName ?? session.userId,
        userID: new TextEncoder().encode(session.userId),
        challenge: challengeBytes(challenge),
        attestationType: 'none',
        excludeCredentials: await passkeysOf(ctx, session.userId),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      c.header('Cache-Control', 'no-store')
      return c.json(options)
    },
  )

  app.post(KEY_SERVER_PATHS.passkeyRegister, validBody(PasskeyRegisterRequestSchema), async (c) => {
    const session = requireFreshSession(c.var.session)
    const { response, deviceShare } = c.req.valid('json')
    const clientData = readClientData(response.response.clientDataJSON)
    const issued = await takeChallenge(ctx, 'register', clientData.challenge)
    if (!issued || issued.userId !== session.userId) throw new KeyServerError('passkeyChallengeInvalid')
    checkTopOrigin(clientData, (session.projectId && projects.get(session.projectId)) || anyProjectOrigins)
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: clientData.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch((error: unknown) => {
      throw new KeyServerError('passkeyRefused', { cause: error })
    })
    if (!verification.verified) throw new KeyServerError('passkeyRefused')
    const { credential } = verification.registrationInfo
    const saved = await savePasskey(ctx, {
      credentialId: credential.id,
      userId: session.userId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceShare,
    })
    if (!saved) throw new KeyServerError('passkeyRefused', { message: 'This passkey is registered already' })
    return c.json({ credentialId: credential.id } satisfies PasskeyRegisterResponse, 201)
  })

  app.post(KEY_SERVER_PATHS.passkeyAssertOptions, validBody(PasskeyAssertOptionsRequestSchema), async (c) => {
    const { email } = c.req.valid('json')
    if (email) await takeOrThrow(ctx.limits.perEmail, email)
    const userId =
      c.var.session?.userId ?? (email ? (await findUserByEmail(ctx.db, email))?.id : undefined) ?? null
    const challenge = await createChallenge(ctx, 'assert', userId)
    const options = await generateAuthenticationOptions({
      rpID,
      challenge: challengeBytes(challenge),
      allowCredentials: userId ? await passkeysOf(ctx, userId) : [],
      userVerification: 'preferred',
    })
    c.header('Cache-Control', 'no-store')
    return c.json(options)
  })

  app.post(KEY_SERVER_PATHS.passkeyAssert, validBody(PasskeyAssertRequestSchema), async (c) => {
    const { response, projectId } = c.req.valid('json')
    const allowedTopOrigins = projects.get(projectId)
    if (!allowedTopOrigins) throw new KeyServerError('projectIdInvalid')
    const clientData = readClientData(response.response.clientDataJSON)
    const issued = await takeChallenge(ctx, 'assert', clientData.challenge)
    if (!issued) throw new KeyServerError('passkeyChallengeInvalid')
    const passkey = await findPasskey(ctx, response.id)
    if (!passkey) throw new KeyServerError('passkeyUnknown')
    if (issued.userId !== null && issued.userId !== passkey.userId) throw new KeyServerError('passkeyRefused')
    checkTopOrigin(clientData, allowedTopOrigins)
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: clientData.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      expectedTopOrigin: allowedTopOrigins,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter },
      requireUserVerification: false,
    }).catch((error: unknown) => {
      throw new KeyServerError('passkeyRefused', { cause: error })
    })
    if (!verification.verified) throw new KeyServerError('passkeyRefused')
    await recordUse(ctx, passkey.credentialId, verification.authenticationInfo.newCounter)

    const wallet = await loadWallet(ctx, passkey.userId)
    const [deviceShare] = await deviceShares(ctx, passkey.userId, passkey.credentialId)
    if (!wallet || !deviceShare) throw new KeyServerError('walletNotFound')
    const previous = c.var.session
    if (previous) await deleteSession(ctx, previous.tokenHash)
    const token = await createSession(ctx, ctx.db, {
      userId: passkey.userId,
      deviceId: ensureDeviceId(c),
      projectId,
    })
    setSessionCookie(c, token)
    const owner = await findUserById(ctx.db, passkey.userId)
    if (!owner) throw new KeyServerError('passkeyUnknown')
    const body: PasskeyAssertResponse = {
      ...(owner.email !== null ? { email: owner.email } : {}),
      address: wallet.address,
      authShare: wallet.authShare,
      deviceShare,
    }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })

  return app
}
