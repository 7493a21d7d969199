/**
 * Wallet setup after a new user's first email code (frame.setupWallet; docs/embedded-wallet.md
 * "Custody"): a key made here, split 2-of-3; the auth share to the server, the device share sealed
 * under the passkey's PRF output, the recovery share sealed under a recovery code shown once.
 * Runs from the "Create passkey" click: WebAuthn needs that gesture in a cross-origin frame.
 */
import {
  type CreateWalletRequest,
  KEY_SERVER_PATHS,
  type PasskeyRegisterResponse,
  type SealedShare,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import {
  bytesToBase64,
  createKey,
  createRecoveryCode,
  deviceKeyFromPrf,
  type KeyVault,
  recoveryKeyFromCode,
  type Sealed,
  seal,
  splitKey,
  wipe,
} from '../../custody/index.ts'
import type { KeyServerClient } from '../key-server/key-server-client.ts'
import type { PasskeyDevice, PasskeyResult } from './passkey-device.ts'
import { deviceShareAad, freshSalt, recoveryShareAad } from './share-context.ts'

export interface CreatedWallet {
  address: Address
  /** Shown once, then forgotten. */
  recoveryCode: string
  /** False when this browser made no passkey with PRF: the recovery code is the only way back then. */
  hasPasskey: boolean
}

export interface CreateWalletDeps {
  server: KeyServerClient
  passkeys: PasskeyDevice
  vault: KeyVault
}

const toWire = (sealed: Sealed, salt: Uint8Array): SealedShare => ({
  ciphertext: bytesToBase64(sealed.ciphertext),
  iv: bytesToBase64(sealed.iv),
  salt: bytesToBase64(salt),
})

export async function createWallet({ server, passkeys, vault }: CreateWalletDeps): Promise<CreatedWallet> {
  // The passkey first: it is what the click's user activation is for.
  const passkey = passkeys.available ? await createPasskeyWithPrf(server, passkeys) : undefined
  const { privateKey, address } = createKey()
  const shares = await splitKey(privateKey)
  try {
    const recoveryCode = createRecoveryCode()
    const recoverySalt = freshSalt()
    const recoveryKey = await recoveryKeyFromCode(recoveryCode, recoverySalt)
    const recovery = await seal(recoveryKey, shares.recovery, recoveryShareAad(address))
    const wallet: CreateWalletRequest = {
      address,
      authShare: bytesToBase64(shares.auth),
      recovery: toWire(recovery, recoverySalt),
    }
    await server.post(KEY_SERVER_PATHS.wallet, wallet)
    if (passkey?.prfOutput) {
      const deviceSalt = freshSalt()
      const deviceKey = await deviceKeyFromPrf(passkey.prfOutput, deviceSalt)
      const device = await seal(deviceKey, shares.device, deviceShareAad(address, passkey.credential.id))
      await server.post<PasskeyRegisterResponse>(KEY_SERVER_PATHS.passkeyRegister, {
        response: passkey.credential,
        deviceShare: toWire(device, deviceSalt),
      })
    }
    vault.unlock(privateKey, address)
    return { address, recoveryCode, hasPasskey: Boolean(passkey?.prfOutput) }
  } finally {
    wipe(privateKey)
    for (const share of [shares.auth, shares.device, shares.recovery]) wipe(share)
    if (passkey?.prfOutput) wipe(passkey.prfOutput)
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
