/**
 * The Solana address after an unlock (issue 15): the key server remembers it so that a locked
 * wallet can name its Solana account; the address derived from the rebuilt key must be that one.
 * A wallet made before the server remembered it gets it remembered now.
 */
import { KEY_SERVER_PATHS, type WalletSolanaAddressRequest } from '@walletframe/protocol'
import { KeyMismatchError } from '../../custody/errors.ts'
import type { KeyVault } from '../../custody/vault.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'

export async function settleSolanaAddress(ctx: KeyFrameContext, vault: KeyVault): Promise<void> {
  const derived = vault.solanaAddress
  const known = ctx.session.solanaAddress
  if (known === derived) return
  if (known !== undefined) {
    vault.lock()
    throw new KeyMismatchError(known)
  }
  const body: WalletSolanaAddressRequest = { solanaAddress: derived }
  await ctx.server.post(KEY_SERVER_PATHS.walletSolanaAddress, body)
  ctx.session = { ...ctx.session, solanaAddress: derived }
}
