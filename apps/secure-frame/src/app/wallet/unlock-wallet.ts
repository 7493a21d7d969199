/**
 * Rebuilding the key after a reload (docs/embedded-wallet.md "Custody"): auth share + the device
 * share opened with the passkey's PRF output, or auth share + the recovery share opened with the
 * recovery code. The rebuilt key is checked against the address and goes straight into the vault.
 */
import { KEY_SERVER_PATHS, type PasskeyAssertResponse, type RecoveryResponse } from '@walletframe/protocol'
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
import { NoUsablePasskeyError } from './no-usable-passkey.ts'
import type { PasskeyDevice } from './passkey-device.ts'
import { deviceShareAad, recoveryShareAad } from './share-context.ts'

export interface UnlockDeps {
  server: KeyServerClient
  passkeys: PasskeyDevice
  vault: KeyVault
  projectId: string
}

export async function unlockWithPasskey(deps: UnlockDeps): Promise<{ email: string; address: Address }> {
  const { server, passkeys, vault, projectId } = deps
  if (!passkeys.available) throw new NoUsablePasskeyError('This browser cannot use passkeys here.')
  const options = await server.post<{ allowCredentials?: unknown[] }>(
    KEY_SERVER_PATHS.passkeyAssertOptions,
    {},
  )
  if (options.allowCredentials?.length === 0)
    throw new NoUsablePasskeyError('No passkey is registered for this wallet.')
  const asserted = await passkeys.get(options)
  const prfOutput = asserted.prfOutput
  if (!prfOutput) throw new NoUsablePasskeyError('This passkey cannot unlock the wallet (no PRF).')
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
