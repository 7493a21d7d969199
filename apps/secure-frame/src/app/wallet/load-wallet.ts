/** Loads the wallet chunk (wallet-module.ts) and makes the vault on first use. */
import type { KeyVault } from '../../custody/vault.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'

export type WalletModule = typeof import('./wallet-module.ts')

export async function loadWallet(ctx: KeyFrameContext): Promise<{ wallet: WalletModule; vault: KeyVault }> {
  const wallet = await import('./wallet-module.ts')
  ctx.vault ??= wallet.createKeyVault()
  return { wallet, vault: ctx.vault }
}
