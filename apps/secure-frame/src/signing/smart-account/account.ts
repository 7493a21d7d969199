/**
 * The embedded wallet's smart account (issue 14): Solady's ERC-4337 account behind
 * SMART_ACCOUNT_FACTORY_ADDRESS, owned by the wallet's EOA, driven by viem's toSoladySmartAccount.
 * It exists counterfactually (its address is known before it is deployed); its first user
 * operation deploys it. The owner's signatures come from the vault, and only for a request the
 * user approved: the key never leaves the key frame.
 */
import { SMART_ACCOUNT_FACTORY_ADDRESS } from '@walletframe/protocol'
import { type Address, type Hex, pad } from 'viem'
import { entryPoint07Abi, entryPoint07Address, toSoladySmartAccount } from 'viem/account-abstraction'
import { type LocalAccount, toAccount } from 'viem/accounts'
import type { KeyVault } from '../../custody/index.ts'
import { toNetworkError } from '../rpc-client.ts'
import { assertSigner } from '../signer.ts'
import type { ChainClient } from './chain-client.ts'

/**
 * The factory's salt: Solady's factory takes only a salt that starts with the owner's address or
 * is zero, and the address depends on the salt alone. A zero salt would give every user the same
 * address (whoever deploys first owns it), so the salt is the owner followed by twelve zero bytes.
 */
export const ownerSalt = (owner: Address): Hex => pad(owner, { dir: 'right', size: 32 })

/** The owner as viem sees it: a local account whose signatures the vault makes. */
function vaultOwner(vault: KeyVault, owner: Address): LocalAccount {
  return toAccount({
    address: owner,
    async signMessage({ message }) {
      assertSigner(vault, 'smart account', owner)
      return vault.signMessage(message)
    },
    async signTypedData(typedData) {
      assertSigner(vault, 'smart account', owner)
      return vault.signTypedData(typedData as never)
    },
    async signTransaction() {
      // A smart account sends user operations; its owner never signs a transaction for it.
      throw new Error('The smart account’s owner does not sign transactions.')
    },
  })
}

const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const

/** The smart account of `owner` on `client`'s chain, signing with `vault` (unlocked when it signs). */
export function smartAccountOf(client: ChainClient, vault: KeyVault, owner: Address, address?: Address) {
  return toSoladySmartAccount({
    client,
    owner: vaultOwner(vault, owner),
    entryPoint,
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    salt: ownerSalt(owner),
    ...(address ? { address } : {}),
  })
}
export type WalletSmartAccount = Awaited<ReturnType<typeof smartAccountOf>>

/**
 * The smart account's address (the same on every chain the factory is deployed to, since both
 * are at deterministic addresses), asked of the factory.
 */
export async function smartAccountAddress(client: ChainClient, owner: Address): Promise<Address> {
  try {
    // viem's smart account reads its address as it is made.
    const account = await toSoladySmartAccount({
      client,
      owner,
      entryPoint,
      factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
      salt: ownerSalt(owner),
    })
    return await account.getAddress()
  } catch (error) {
    throw toNetworkError(error)
  }
}

/** Whether the account has code on the chain (its first user operation deploys it). */
export async function isDeployed(client: ChainClient, address: Address): Promise<boolean> {
  try {
    const code = await client.getCode({ address })
    return code !== undefined && code !== '0x'
  } catch (error) {
    throw toNetworkError(error)
  }
}
