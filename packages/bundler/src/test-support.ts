/**
 * For the tests and the bench: the embedded wallet's counterfactual smart account (Solady's ERC-4337
 * account from the devnet's factory at SMART_ACCOUNT_FACTORY_ADDRESS, driven by viem's
 * `toSoladySmartAccount`) owned by a dev key, and a viem bundler client that sends its user
 * operations through the local bundler, sponsored by the dev paymaster when `paymasterUrl` is given.
 */
import { SMART_ACCOUNT_FACTORY_ADDRESS } from '@walletframe/protocol'
import { concat, type Hex, http, type PublicClient, pad, toHex } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  entryPoint07Address,
  toSoladySmartAccount,
} from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

export async function smartAccountClient(options: {
  /** Needs its `chain`: the account reads the chain id from it (nonce key, user-op hash). */
  client: PublicClient
  ownerKey: Hex
  bundlerUrl: string
  paymasterUrl?: string
  /** The factory salt: one owner, many accounts. */
  index?: bigint
}): Promise<BundlerClient> {
  const owner = privateKeyToAccount(options.ownerKey)
  const account = await toSoladySmartAccount({
    client: options.client,
    owner,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
    factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
    // The factory's address depends on the salt alone, and it refuses a salt not starting with
    // the owner: so the owner is in the salt, and each owner has accounts of its own.
    salt: concat([owner.address, pad(toHex(options.index ?? 0n), { size: 12 })]),
  })
  return createBundlerClient({
    account,
    client: options.client,
    transport: http(options.bundlerUrl),
    // The devnet mines each transaction as it arrives: poll for receipts far faster than viem's 4 s.
    pollingInterval: 100,
    ...(options.paymasterUrl
      ? { paymaster: createPaymasterClient({ transport: http(options.paymasterUrl) }) }
      : {}),
  })
}
