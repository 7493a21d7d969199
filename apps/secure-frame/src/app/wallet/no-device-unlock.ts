/**
 * This browser cannot unlock the wallet by itself: no passkey with PRF and no key window keeps its
 * device share. The approval then offers the recovery code.
 */
export class NoDeviceUnlockError extends Error {
  override readonly name = 'NoDeviceUnlockError'
}
