/**
 * Zero-fills key material in place. JavaScript cannot promise that no copy survives elsewhere (the
 * engine may have moved the buffer, a string may have been made from it), but bytes we own are
 * cleared as soon as they are no longer needed, and their references dropped.
 */
export function wipe(bytes: Uint8Array): void {
  bytes.fill(0)
}
