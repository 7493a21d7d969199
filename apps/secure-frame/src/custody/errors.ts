/**
 * Typed errors of key custody. They stay inside the key frame: what reaches the modal is mapped to
 * the protocol's catalogue by the code that answers the request, never these messages or causes.
 */

/** Base of the custody errors, so callers can tell them from anything else thrown. */
export class CustodyError extends Error {
  override readonly name: string = 'CustodyError'
}

/** A private key does not belong to the address it was given with. */
export class KeyMismatchError extends CustodyError {
  override readonly name: string = 'KeyMismatchError'
  constructor(
    readonly expectedAddress: string,
    message = `The key is not the key of ${expectedAddress}.`,
  ) {
    super(message)
  }
}

/** The key rebuilt from two shares has another address: one share is wrong or corrupt. */
export class ShareMismatchError extends KeyMismatchError {
  override readonly name = 'ShareMismatchError'
  constructor(expectedAddress: string) {
    super(
      expectedAddress,
      `The shares do not rebuild the key of ${expectedAddress}: a share is wrong or corrupt.`,
    )
  }
}

/** A share is not shaped like one made by `splitKey` (length, or fewer than two shares). */
export class InvalidShareError extends CustodyError {
  override readonly name = 'InvalidShareError'
}

/** A sealed payload could not be opened: wrong key, wrong AAD, or tampered ciphertext or IV. */
export class SealOpenError extends CustodyError {
  override readonly name = 'SealOpenError'
  constructor(options?: { cause?: unknown }) {
    super('The sealed data could not be opened: wrong key, wrong context, or altered data.', options)
  }
}

/** The recovery code as typed is not a valid code; `message` says what to fix. */
export class InvalidRecoveryCodeError extends CustodyError {
  override readonly name = 'InvalidRecoveryCodeError'
}

/** Input key material for a derivation has the wrong size (a PRF output, a salt). */
export class InvalidKeyMaterialError extends CustodyError {
  override readonly name = 'InvalidKeyMaterialError'
}

/** The vault holds no key: it was never unlocked, or it was locked (sign out). */
export class VaultLockedError extends CustodyError {
  override readonly name = 'VaultLockedError'
  constructor() {
    super('The key vault is locked.')
  }
}
