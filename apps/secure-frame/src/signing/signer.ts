import { PROVIDER_UNAUTHORIZED, WalletFrameError } from '@walletframe/protocol'
import { type Address, isAddressEqual } from 'viem'
import type { KeyVault } from '../custody/index.ts'
import { accountNotAuthorizedError } from '../requests/request-errors.ts'

/**
 * Checks that the vault can sign for `address` before anything is signed: it holds a key, and the
 * request names the vault's own account (a dapp may not ask for a signature by another address).
 */
export function assertSigner(vault: KeyVault, method: string, address: Address): void {
  assertUnlocked(vault, method)
  if (!isAddressEqual(vault.address, address)) throw accountNotAuthorizedError(method, address)
}

/** Checks that the vault holds a key, for a request that signs as the vault's own account. */
export function assertUnlocked(vault: KeyVault, method: string): void {
  if (!vault.isUnlocked)
    throw new WalletFrameError(
      { ...PROVIDER_UNAUTHORIZED, message: `${method}: the wallet is locked; unlock it to sign.` },
      { details: PROVIDER_UNAUTHORIZED.message },
    )
}
