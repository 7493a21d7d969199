/** Loads the wallet chunk (wallet-module.ts) and makes the vault on first use. */
import type { KeyVault } from '../../custody/vault.ts'

export type WalletModule = typeof import('./wallet-module.ts')

/** `holder`: the key frame's context, which keeps the one vault of this page. */
export async function loadWallet(holder: {
  vault: KeyVault | undefined
}): Promise<{ wallet: WalletModule; vault: KeyVault }> {
  const wallet = await import('./wallet-module.ts')
  holder.vault ??= wallet.createKeyVault()
  return { wallet, vault: holder.vault }
}
