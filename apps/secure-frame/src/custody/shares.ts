import { combine, split } from 'shamir-secret-sharing'
import { type Address, isAddress, isAddressEqual } from 'viem'
import { InvalidShareError, ShareMismatchError } from './errors.ts'
import { addressOfKey, isValidPrivateKey, PRIVATE_KEY_LENGTH } from './key.ts'
import { wipe } from './wipe.ts'

/** The three shares of a key; any two rebuild it (design: "Custody"). */
export interface KeyShares {
  /** Held by the key server, released after a fresh email code or passkey assertion. */
  auth: Uint8Array
  /** Sealed under the passkey's PRF-derived key. */
  device: Uint8Array
  /** Sealed under the recovery code's key. */
  recovery: Uint8Array
}

const SHARE_COUNT = 3
const THRESHOLD = 2
/** shamir-secret-sharing appends the share's x coordinate as one byte after the secret's length. */
const SHARE_LENGTH = PRIVATE_KEY_LENGTH + 1

/** Splits a private key 2-of-3. The key itself is left as it is: the caller wipes it. */
export async function splitKey(privateKey: Uint8Array): Promise<KeyShares> {
  if (!isValidPrivateKey(privateKey)) throw new TypeError('Not a secp256k1 private key.')
  const [auth, device, recovery] = await split(privateKey, SHARE_COUNT, THRESHOLD)
  if (!auth || !device || !recovery) throw new Error('shamir-secret-sharing returned too few shares.')
  return { auth, device, recovery }
}

/**
 * Rebuilds the private key from two shares and checks it against the account's address. The
 * library combines any bytes into some value, so the address is what tells a wrong share from a
 * right one: on a mismatch the rebuilt bytes are wiped and ShareMismatchError is thrown.
 */
export async function combineShares(
  first: Uint8Array,
  second: Uint8Array,
  expectedAddress: Address,
): Promise<Uint8Array> {
  if (!isAddress(expectedAddress, { strict: false }))
    throw new TypeError('expectedAddress is not an address.')
  for (const share of [first, second]) {
    if (share.length !== SHARE_LENGTH)
      throw new InvalidShareError(`A share has ${SHARE_LENGTH} bytes; got ${share.length}.`)
  }
  if (first[PRIVATE_KEY_LENGTH] === second[PRIVATE_KEY_LENGTH])
    throw new InvalidShareError('Two different shares are needed; both have the same index.')
  const privateKey = await combine([first, second])
  if (!isValidPrivateKey(privateKey) || !isAddressEqual(addressOfKey(privateKey), expectedAddress)) {
    wipe(privateKey)
    throw new ShareMismatchError(expectedAddress)
  }
  return privateKey
}
