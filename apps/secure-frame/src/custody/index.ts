/** Key custody of the embedded wallet (docs/embedded-wallet.md "Custody"). Pure: no DOM, WebCrypto only. */
export { base64ToBytes, bytesToBase64 } from './base64.ts'
export { deviceKeyFromPrf, MIN_SALT_LENGTH, PRF_OUTPUT_LENGTH, recoveryKeyFromCode } from './derive.ts'
export {
  CustodyError,
  InvalidKeyMaterialError,
  InvalidRecoveryCodeError,
  InvalidShareError,
  KeyMismatchError,
  SealOpenError,
  ShareMismatchError,
  VaultLockedError,
} from './errors.ts'
export { addressOfKey, createKey, isValidPrivateKey, type NewKey, PRIVATE_KEY_LENGTH } from './key.ts'
export { createRecoveryCode, normalizeRecoveryCode } from './recovery-code.ts'
export { IV_LENGTH, open, type Sealed, seal } from './seal.ts'
export { combineShares, type KeyShares, splitKey } from './shares.ts'
export { solanaAddressOf } from './solana-key.ts'
export { createKeyVault, type KeyVault } from './vault.ts'
export { wipe } from './wipe.ts'
