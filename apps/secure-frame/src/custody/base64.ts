/** Base64 (standard alphabet, padded) for shares and ciphertexts on the wire and at rest. */

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Throws a TypeError on anything that is not canonical padded base64 (atob alone is lenient). */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64_PATTERN.test(text)) throw new TypeError('Not a padded base64 string.')
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
