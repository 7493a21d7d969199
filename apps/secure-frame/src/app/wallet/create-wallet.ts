/**
 * Wallet setup after a new user's first email code (frame.setupWallet; docs/embedded-wallet.md
 * "Custody"): a key made here, split 2-of-3; the auth share to the server, the device share to this
 * browser's custody (a passkey's PRF, or the key window), the recovery share sealed under a recovery
 * code shown once. Runs from the setup click: a passkey or a popup needs that gesture here.
 */
import { type CreateWalletRequest, KEY_SERVER_PATHS } from '@walletframe/protocol'
import type { Address } from 'viem'
import {
  bytesToBase64,
  createKey,
  createRecoveryCode,
  type KeyVault,
  recoveryKeyFromCode,
  seal,
  solanaAddressOf,
  splitKey,
  wipe,
} from '../../custody/index.ts'
import type { KeyServerClient } from '../key-server/key-server-client.ts'
import { type DeviceCustody, toWire } from './device-custody.ts'
import { freshSalt, recoveryShareAad } from './share-context.ts'

export interface CreatedWallet {
  address: Address
  /** The Solana account derived from the same key (custody/solana-key.ts). */
  solanaAddress: string
  /** Shown once, then forgotten. */
  recoveryCode: string
  /**
   * Set when the custody could not keep the device share (a passkey without PRF): a copy the setup
   * may still hand to the key window after another click. The caller wipes it.
   */
  unkeptDeviceShare: Uint8Array | undefined
}

export interface CreateWalletDeps {
  server: KeyServerClient
  custody: DeviceCustody
  vault: KeyVault
}

export async function createWallet({ server, custody, vault }: CreateWalletDeps): Promise<CreatedWallet> {
  try {
    // The custody first: its ceremony or popup is what the click's user activation is for.
    await custody.prepare()
    const { privateKey, address } = createKey()
    const shares = await splitKey(privateKey)
    try {
      const recoveryCode = createRecoveryCode()
      const recoverySalt = freshSalt()
      const recoveryKey = await recoveryKeyFromCode(recoveryCode, recoverySalt)
      const recovery = await seal(recoveryKey, shares.recovery, recoveryShareAad(address))
      const solanaAddress = solanaAddressOf(privateKey)
      const wallet: CreateWalletRequest = {
        address,
        solanaAddress,
        authShare: bytesToBase64(shares.auth),
        recovery: toWire(recovery, recoverySalt),
      }
      await server.post(KEY_SERVER_PATHS.wallet, wallet)
      const kept = await custody.keep(address, shares.device)
      vault.unlock(privateKey, address)
      return {
        address,
        solanaAddress,
        recoveryCode,
        unkeptDeviceShare: kept ? undefined : shares.device.slice(),
      }
    } finally {
      wipe(privateKey)
      for (const share of [shares.auth, shares.device, shares.recovery]) wipe(share)
    }
  } finally {
    custody.release()
  }
}
