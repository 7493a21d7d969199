/**
 * Rebuilding the key after a reload (docs/embedded-wallet.md "Custody"): auth share + the device
 * share opened with the passkey's PRF output or handed back by the key window, or auth share + the
 * recovery share opened with the recovery code. The rebuilt key is checked against the address and
 * goes straight into the vault.
 */
import {
  type DeviceKeyAssertResponse,
  type DeviceKeyChallengeResponse,
  FRAME_ERRORS,
  KEY_SERVER_PATHS,
  type PasskeyAssertResponse,
  type RecoveryResponse,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import {
  base64ToBytes,
  combineShares,
  deviceKeyFromPrf,
  type KeyVault,
  open,
  recoveryKeyFromCode,
  wipe,
} from '../../custody/index.ts'
import type { KeyServerClient } from '../key-server/key-server-client.ts'
import type { KeyWindow } from '../key-window/open-key-window.ts'
import { NoDeviceUnlockError } from './no-device-unlock.ts'
import type { PasskeyDevice } from './passkey-device.ts'
import { deviceShareAad, recoveryShareAad } from './share-context.ts'

export interface UnlockDeps {
  server: KeyServerClient
  passkeys: PasskeyDevice
  vault: KeyVault
  projectId: string
}

export async function unlockWithPasskey(
  deps: UnlockDeps,
): Promise<{ email: string | undefined; address: Address }> {
  const { server, passkeys, vault, projectId } = deps
  if (!passkeys.available) throw new NoDeviceUnlockError('This browser cannot use passkeys here.')
  const options = await server.post<{ allowCredentials?: unknown[] }>(
    KEY_SERVER_PATHS.passkeyAssertOptions,
    {},
  )
  if (options.allowCredentials?.length === 0)
    throw new NoDeviceUnlockError('No passkey is registered for this wallet.')
  const asserted = await passkeys.get(options)
  const prfOutput = asserted.prfOutput
  if (!prfOutput) throw new NoDeviceUnlockError('This passkey cannot unlock the wallet (no PRF).')
  try {
    const answer = await server.post<PasskeyAssertResponse>(KEY_SERVER_PATHS.passkeyAssert, {
      response: asserted.credential,
      projectId,
    })
    const address = answer.address as Address
    const { credentialId, ciphertext, iv, salt } = answer.deviceShare
    const deviceKey = await deviceKeyFromPrf(prfOutput, base64ToBytes(salt))
    const device = await open(
      deviceKey,
      { ciphertext: base64ToBytes(ciphertext), iv: base64ToBytes(iv) },
      deviceShareAad(address, credentialId),
    )
    await rebuildInto(vault, base64ToBytes(answer.authShare), device, address)
    return { email: answer.email, address }
  } finally {
    wipe(prfOutput)
  }
}

/**
 * The key window signs the server's challenge and hands back the device share it keeps; the
 * server, seeing a valid signature of a device key of this user, releases the auth share.
 */
export async function unlockWithKeyWindow(
  deps: Pick<UnlockDeps, 'server' | 'vault'>,
  keyWindow: KeyWindow,
  address: Address,
): Promise<{ email: string | undefined; address: Address }> {
  try {
    const { challenge, credentialIds } = await deps.server.post<DeviceKeyChallengeResponse>(
      KEY_SERVER_PATHS.deviceKeyChallenge,
      {},
    )
    if (credentialIds.length === 0)
      throw new NoDeviceUnlockError('No wallet window of a browser keeps this wallet.')
    const messenger = await keyWindow.connect()
    const kept = await messenger
      .request('keyWindow.unlock', { address, challenge, credentialIds })
      .catch((error: unknown) => {
        // A window that keeps nothing for this wallet (another browser, cleared site data).
        if (error instanceof WalletFrameError && error.reason === FRAME_ERRORS.keyWindowEmpty.reason)
          throw new NoDeviceUnlockError(error.shortMessage)
        throw error
      })
    const answer = await deps.server.post<DeviceKeyAssertResponse>(KEY_SERVER_PATHS.deviceKeyAssert, {
      credentialId: kept.credentialId,
      challenge,
      signature: kept.signature,
    })
    const owner = answer.address as Address
    await rebuildInto(deps.vault, base64ToBytes(answer.authShare), base64ToBytes(kept.deviceShare), owner)
    return { email: answer.email, address: owner }
  } finally {
    keyWindow.close()
  }
}

export async function unlockWithRecoveryCode(
  deps: Pick<UnlockDeps, 'server' | 'vault'>,
  recoveryCode: string,
): Promise<Address> {
  const answer = await deps.server.post<RecoveryResponse>(KEY_SERVER_PATHS.recovery, {})
  const address = answer.address as Address
  const { ciphertext, iv, salt } = answer.recovery
  const recoveryKey = await recoveryKeyFromCode(recoveryCode, base64ToBytes(salt))
  const recovery = await open(
    recoveryKey,
    { ciphertext: base64ToBytes(ciphertext), iv: base64ToBytes(iv) },
    recoveryShareAad(address),
  )
  await rebuildInto(deps.vault, base64ToBytes(answer.authShare), recovery, address)
  return address
}

async function rebuildInto(vault: KeyVault, first: Uint8Array, second: Uint8Array, address: Address) {
  try {
    vault.unlock(await combineShares(first, second, address), address)
  } finally {
    wipe(first)
    wipe(second)
  }
}
