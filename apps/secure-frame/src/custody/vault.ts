import {
  type Address,
  type AuthorizationRequest,
  bytesToHex,
  type Hex,
  isAddressEqual,
  type SignableMessage,
  type SignedAuthorization,
  type TransactionSerializable,
  type TypedData,
  type TypedDataDefinition,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { KeyMismatchError, VaultLockedError } from './errors.ts'
import { addressOfKey, isValidPrivateKey } from './key.ts'
import { signEd25519, solanaAddressOfSeed, solanaSeedOf } from './solana-key.ts'
import { wipe } from './wipe.ts'

/**
 * Holds the rebuilt key in a closure and signs with it; the key never leaves. Only signing
 * operations are offered (no raw hash signing): each maps to a request the user approved.
 */
export interface KeyVault {
  /**
   * Takes the key: it is copied into the vault and the caller's bytes are zero-filled, so no
   * other copy stays with the caller. Throws KeyMismatchError when the key is not `address`'s, or
   * when a known `solanaAddress` is given and the Solana key derived from it is not that one.
   */
  unlock(privateKey: Uint8Array, address: Address, solanaAddress?: string): void
  /** Wipes the key and drops the account made from it (sign out). */
  lock(): void
  readonly isUnlocked: boolean
  /** The unlocked account's address; throws VaultLockedError when locked. */
  readonly address: Address
  signMessage(message: SignableMessage): Promise<Hex>
  signTypedData<const types extends TypedData | Record<string, unknown>, primaryType extends string>(
    typedData: TypedDataDefinition<types, primaryType>,
  ): Promise<Hex>
  signTransaction(transaction: TransactionSerializable): Promise<Hex>
  /** An EIP-7702 authorization: lets `address`'s code run at this account's address (signing/eip7702/). */
  signAuthorization(authorization: AuthorizationRequest): Promise<SignedAuthorization>
  /** The Solana account's address (custody/solana-key.ts); throws VaultLockedError when locked. */
  readonly solanaAddress: string
  /**
   * The Solana account's ed25519 signature of bytes the user approved: a transaction's message,
   * or a solana_signMessage message (ed25519 signs the bytes themselves, there is no hash to sign).
   */
  signSolana(bytes: Uint8Array): Uint8Array
}

interface Unlocked {
  key: Uint8Array
  /** The ed25519 seed derived from `key`, wiped with it. */
  solanaSeed: Uint8Array
  solanaAddress: string
  /** viem's account keeps its own hex copy of the key; dropping the account is all that can be done for it. */
  account: PrivateKeyAccount
}

export function createKeyVault(): KeyVault {
  let held: Unlocked | undefined

  const unlocked = (): Unlocked => {
    if (!held) throw new VaultLockedError()
    return held
  }
  const lock = () => {
    if (held) {
      wipe(held.key)
      wipe(held.solanaSeed)
    }
    held = undefined
  }

  return {
    unlock(privateKey, address, knownSolanaAddress) {
      if (!isValidPrivateKey(privateKey) || !isAddressEqual(addressOfKey(privateKey), address)) {
        wipe(privateKey)
        throw new KeyMismatchError(address)
      }
      const solanaSeed = solanaSeedOf(privateKey)
      const solanaAddress = solanaAddressOfSeed(solanaSeed)
      if (knownSolanaAddress !== undefined && solanaAddress !== knownSolanaAddress) {
        wipe(privateKey)
        wipe(solanaSeed)
        throw new KeyMismatchError(knownSolanaAddress)
      }
      lock()
      const key = new Uint8Array(privateKey)
      wipe(privateKey)
      held = { key, solanaSeed, solanaAddress, account: privateKeyToAccount(bytesToHex(key)) }
    },
    lock,
    get isUnlocked() {
      return held !== undefined
    },
    get address() {
      return unlocked().account.address
    },
    signMessage: async (message) => unlocked().account.signMessage({ message }),
    signTypedData: async (typedData) => unlocked().account.signTypedData(typedData),
    signTransaction: async (transaction) => unlocked().account.signTransaction(transaction),
    signAuthorization: async (authorization) => unlocked().account.signAuthorization(authorization),
    get solanaAddress() {
      return unlocked().solanaAddress
    },
    signSolana: (bytes) => signEd25519(unlocked().solanaSeed, bytes),
  }
}
