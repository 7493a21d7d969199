import { type Hex, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** Anvil's default mnemonic: every anvil node started without `--mnemonic` funds these accounts. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** How many accounts anvil funds by default (10000 ETH each). */
export const DEVNET_ACCOUNT_COUNT = 10

export interface DevnetAccount {
  address: Hex
  privateKey: Hex
}

let derived: readonly DevnetAccount[] | undefined

/**
 * The funded dev accounts, derived from the mnemonic rather than hard-coded so they always match
 * what anvil generates. Derived on first use: each derivation runs PBKDF2, which is slow enough
 * that importing the package should not pay for it.
 */
export function devnetAccounts(): readonly DevnetAccount[] {
  derived ??= Object.freeze(
    Array.from({ length: DEVNET_ACCOUNT_COUNT }, (_, addressIndex) => {
      const account = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex })
      const privateKey = account.getHdKey().privateKey
      if (!privateKey) throw new Error(`could not derive the private key of dev account ${addressIndex}`)
      return Object.freeze({ address: account.address, privateKey: toHex(privateKey) })
    }),
  )
  return derived
}

/**
 * The dev account that pays out the on-ramp sandbox's purchases (apps/onramp-sandbox): no test
 * signs with it, so its nonce is the sandbox's alone.
 */
export const ONRAMP_TREASURY_INDEX = 7
