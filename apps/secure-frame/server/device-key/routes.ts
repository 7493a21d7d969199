/**
 * The key window's routes (docs/embedded-wallet.md "Key window"). A device key is registered only
 * in a fresh session (it will release the auth share on its own later, like a passkey); after a
 * reload the session asks for a challenge, the window signs it, and a valid signature releases the
 * auth share. The device share itself never comes here: the window keeps it.
 */
import {
  DeviceKeyAssertRequestSchema,
  type DeviceKeyAssertResponse,
  DeviceKeyChallengeRequestSchema,
  type DeviceKeyChallengeResponse,
  DeviceKeyRegisterRequestSchema,
  type DeviceKeyRegisterResponse,
  KEY_SERVER_PATHS,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { validBody } from '../middleware/validate.ts'
import { createChallenge, takeChallenge } from '../passkey/challenges.ts'
import { requireFreshSession, requireSession } from '../session/middleware.ts'
import { deviceKeyIdsOf, loadWallet } from '../shares/wallets.ts'
import { saveDeviceKey, verifyDeviceKey } from './device-keys.ts'

export function deviceKeyRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()

  app.post(KEY_SERVER_PATHS.deviceKeyRegister, validBody(DeviceKeyRegisterRequestSchema), async (c) => {
    const session = requireFreshSession(c.var.session)
    const { credentialId, publicKey } = c.req.valid('json')
    if (!(await loadWallet(ctx, session.userId))) throw new KeyServerError('walletNotFound')
    const saved = await saveDeviceKey(ctx, { credentialId, userId: session.userId, publicKey })
    if (!saved)
      throw new KeyServerError('deviceKeyRefused', { message: 'This device key is registered already' })
    return c.json({ credentialId } satisfies DeviceKeyRegisterResponse, 201)
  })

  app.post(KEY_SERVER_PATHS.deviceKeyChallenge, validBody(DeviceKeyChallengeRequestSchema), async (c) => {
    const session = requireSession(c.var.session)
    const body: DeviceKeyChallengeResponse = {
      challenge: await createChallenge(ctx, 'key-window', session.userId),
      credentialIds: await deviceKeyIdsOf(ctx, session.userId),
    }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })

  app.post(KEY_SERVER_PATHS.deviceKeyAssert, validBody(DeviceKeyAssertRequestSchema), async (c) => {
    const session = requireSession(c.var.session)
    const { credentialId, challenge, signature } = c.req.valid('json')
    const issued = await takeChallenge(ctx, 'key-window', challenge)
    if (!issued || issued.userId !== session.userId) throw new KeyServerError('deviceKeyChallengeInvalid')
    const valid = await verifyDeviceKey(ctx, { userId: session.userId, credentialId, challenge, signature })
    if (!valid) throw new KeyServerError('deviceKeyRefused')
    const wallet = await loadWallet(ctx, session.userId)
    if (!wallet) throw new KeyServerError('walletNotFound')
    const body: DeviceKeyAssertResponse = {
      ...(session.email !== null ? { email: session.email } : {}),
      address: wallet.address,
      authShare: wallet.authShare,
    }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })

  return app
}
