/**
 * Where this browser's device share is kept (docs/embedded-wallet.md "Custody", "Key window"): sealed
 * under a passkey's PRF output, or in the key window, a first-party popup of the key origin, where
 * a passkey with PRF is unavailable. Either way the server gets no share it can open.
 */
import {
  type DeviceKeyRegisterResponse,
  KEY_SERVER_PATHS,
  type PasskeyRegisterResponse,
  type SealedShare,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import { bytesToBase64, deviceKeyFromPrf, type Sealed, seal, wipe } from '../../custody/index.ts'
import type { KeyServerClient } from '../key-server/key-server-client.ts'
import type { KeyWindow } from '../key-window/open-key-window.ts'
import type { PasskeyDevice, PasskeyResult } from './passkey-device.ts'
import { deviceShareAad, freshSalt } from './share-context.ts'

export interface DeviceCustody {
  readonly kind: 'passkey' | 'keyWindow'
  /** Runs before the key is made, while the click's user activation lasts (a ceremony, a popup). */
  prepare(): Promise<void>
  /** Keeps the device share; false when this custody could not (a passkey that gave no PRF). */
  keep(address: Address, share: Uint8Array): Promise<boolean>
  /** Ends what prepare started (closes the key window); called whatever happened. */
  release(): void
}

export const toWire = (sealed: Sealed, salt: Uint8Array): SealedShare => ({
  ciphertext: bytesToBase64(sealed.ciphertext),
  iv: bytesToBase64(sealed.iv),
  salt: bytesToBase64(salt),
})

export function passkeyCustody(server: KeyServerClient, passkeys: PasskeyDevice): DeviceCustody {
  let passkey: PasskeyResult | undefined
  return {
    kind: 'passkey',
    async prepare() {
      passkey = await createPasskeyWithPrf(server, passkeys)
    },
    async keep(address, share) {
      if (!passkey?.prfOutput) return false
      const salt = freshSalt()
      const deviceKey = await deviceKeyFromPrf(passkey.prfOutput, salt)
      const device = await seal(deviceKey, share, deviceShareAad(address, passkey.credential.id))
      await server.post<PasskeyRegisterResponse>(KEY_SERVER_PATHS.passkeyRegister, {
        response: passkey.credential,
        deviceShare: toWire(device, salt),
      })
      return true
    },
    release() {
      if (passkey?.prfOutput) wipe(passkey.prfOutput)
    },
  }
}

export function keyWindowCustody(server: KeyServerClient, keyWindow: KeyWindow): DeviceCustody {
  let connected: Awaited<ReturnType<KeyWindow['connect']>> | undefined
  return {
    kind: 'keyWindow',
    async prepare() {
      connected = await keyWindow.connect()
    },
    async keep(address, share) {
      if (!connected) return false
      const kept = await connected.request('keyWindow.keep', { address, deviceShare: bytesToBase64(share) })
      await server.post<DeviceKeyRegisterResponse>(KEY_SERVER_PATHS.deviceKeyRegister, kept)
      return true
    },
    release() {
      keyWindow.close()
    },
  }
}

/**
 * A new passkey and its PRF output. Some authenticators evaluate PRF only on assertion, so when
 * create() gives no output an assertion with that passkey alone follows at once.
 */
async function createPasskeyWithPrf(
  server: KeyServerClient,
  passkeys: PasskeyDevice,
): Promise<PasskeyResult> {
  const options = await server.post<Record<string, unknown>>(KEY_SERVER_PATHS.passkeyRegisterOptions, {})
  const created = await passkeys.create(options)
  if (created.prfOutput) return created
  const rp = options.rp as { id?: string } | undefined
  const challenge = bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(32)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
  const asserted = await passkeys.get({
    challenge,
    ...(rp?.id ? { rpId: rp.id } : {}),
    allowCredentials: [{ id: created.credential.id, type: 'public-key' }],
    userVerification: 'preferred',
  })
  return { credential: created.credential, prfOutput: asserted.prfOutput }
}
