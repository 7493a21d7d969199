/**
 * The AES-GCM additional data of each sealed share (docs/embedded-wallet.md "Custody": AAD =
 * address + credential id), so a ciphertext opens only for the wallet and passkey it was made for.
 */
import type { Address } from 'viem'

const encoder = new TextEncoder()

export const deviceShareAad = (address: Address, credentialId: string) =>
  encoder.encode(`${address.toLowerCase()}:device:${credentialId}`)

export const recoveryShareAad = (address: Address) => encoder.encode(`${address.toLowerCase()}:recovery`)

/** A fresh HKDF salt for each sealing (custody's MIN_SALT_LENGTH is 16; 32 leaves room). */
export const freshSalt = () => globalThis.crypto.getRandomValues(new Uint8Array(32))
