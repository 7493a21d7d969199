import {
  CreateWalletRequestSchema,
  type CreateWalletResponse,
  KEY_SERVER_PATHS,
  RecoveryRequestSchema,
  type RecoveryResponse,
  WalletSolanaAddressRequestSchema,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { validBody } from '../middleware/validate.ts'
import { requireFreshSession, requireSession } from '../session/middleware.ts'
import { createWallet, loadWallet, rememberSolanaAddress } from './wallets.ts'

/**
 * Wallet creation at the first login, and recovery on a new device; both need a fresh session. A
 * wallet made before the server remembered Solana addresses gets its own once (issue 15).
 */
export function sharesRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()

  app.post(KEY_SERVER_PATHS.wallet, validBody(CreateWalletRequestSchema), async (c) => {
    const session = requireFreshSession(c.var.session)
    const wallet = c.req.valid('json')
    await createWallet(ctx, session.userId, wallet)
    const body: CreateWalletResponse = { address: wallet.address.toLowerCase() }
    return c.json(body, 201)
  })

  // Any session: the key frame posts it right after an unlock, which may come long after the login.
  app.post(KEY_SERVER_PATHS.walletSolanaAddress, validBody(WalletSolanaAddressRequestSchema), async (c) => {
    const session = requireSession(c.var.session)
    await rememberSolanaAddress(ctx, session.userId, c.req.valid('json').solanaAddress)
    return c.body(null, 204)
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
