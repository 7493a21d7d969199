import {
  CreateWalletRequestSchema,
  type CreateWalletResponse,
  KEY_SERVER_PATHS,
  RecoveryRequestSchema,
  type RecoveryResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { validBody } from '../middleware/validate.ts'
import { requireFreshSession } from '../session/middleware.ts'
import { createWallet, loadWallet } from './wallets.ts'

/** Wallet creation at the first login, and recovery on a new device; both need a fresh session. */
export function sharesRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()

  app.post(KEY_SERVER_PATHS.wallet, validBody(CreateWalletRequestSchema), async (c) => {
    const session = requireFreshSession(c.var.session)
    const wallet = c.req.valid('json')
    await createWallet(ctx, session.userId, wallet)
    const body: CreateWalletResponse = { address: wallet.address.toLowerCase() }
    return c.json(body, 201)
  })

  app.post(KEY_SERVER_PATHS.recovery, validBody(RecoveryRequestSchema), async (c) => {
    const session = requireFreshSession(c.var.session)
    const wallet = await loadWallet(ctx, session.userId)
    if (!wallet) throw new KeyServerError('walletNotFound')
    const body: RecoveryResponse = wallet
    return c.json(body)
  })

  return app
}
