/** This device cannot unlock with a passkey: none is registered, or the browser gives no PRF. */
export class NoUsablePasskeyError extends Error {
  override readonly name = 'NoUsablePasskeyError'
}
