/**
 * What the key window does (docs/embedded-wallet.md "Key window"): keep a device share sealed under
 * a non-extractable AES-GCM key beside a non-extractable P-256 device key, and later hand the share
 * back with a signature over the server's challenge, which is what releases the auth share.
 */
import {
  type DeviceKeyJwk,
  FRAME_ERRORS,
  KEY_WINDOW_ASSERTION_PREFIX,
  type KeyWindowChannel,
  WalletFrameError,
} from '@walletframe/protocol'
import { base64ToBytes, bytesToBase64 } from '../custody/base64.ts'
import { open, seal } from '../custody/seal.ts'
import { wipe } from '../custody/wipe.ts'
import type { DeviceKeyStore } from './device-key-store.ts'

type Params<M extends keyof KeyWindowChannel['params']> = KeyWindowChannel['params'][M]
type Result<M extends keyof KeyWindowChannel['results']> = KeyWindowChannel['results'][M]

const encoder = new TextEncoder()
const shareAad = (address: string, credentialId: string) =>
  encoder.encode(`${address.toLowerCase()}:key-window:${credentialId}`)
const base64Url = (bytes: Uint8Array) =>
  bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')

export async function keepDeviceShare(
  store: DeviceKeyStore,
  { address, deviceShare }: Params<'keyWindow.keep'>,
  now: () => number = Date.now,
): Promise<Result<'keyWindow.keep'>> {
  const subtle = globalThis.crypto.subtle
  const credentialId = base64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)))
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const sealingKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const share = base64ToBytes(deviceShare)
  try {
    const sealedShare = await seal(sealingKey, share, shareAad(address, credentialId))
    await store.put({
      credentialId,
      address: address.toLowerCase(),
      signingKey: pair.privateKey,
      sealingKey,
      sealedShare,
      createdAt: now(),
    })
  } finally {
    wipe(share)
  }
  const { kty, crv, x, y } = await subtle.exportKey('jwk', pair.publicKey)
  return { credentialId, publicKey: { kty, crv, x, y } as DeviceKeyJwk }
}

export async function unlockDeviceShare(
  store: DeviceKeyStore,
  { address, challenge, credentialIds }: Params<'keyWindow.unlock'>,
): Promise<Result<'keyWindow.unlock'>> {
  const record = (await store.forAddress(address)).find((entry) => credentialIds.includes(entry.credentialId))
  if (!record) throw new WalletFrameError(FRAME_ERRORS.keyWindowEmpty)
  const signature = await globalThis.crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    record.signingKey,
    encoder.encode(KEY_WINDOW_ASSERTION_PREFIX + challenge),
  )
  const share = await open(record.sealingKey, record.sealedShare, shareAad(address, record.credentialId))
  try {
    return {
      credentialId: record.credentialId,
      signature: base64Url(new Uint8Array(signature)),
      deviceShare: bytesToBase64(share),
    }
  } finally {
    wipe(share)
  }
}
