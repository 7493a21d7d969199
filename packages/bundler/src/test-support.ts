/**
 * For the tests and the bench: a counterfactual SimpleAccount v0.7 (permissionless's
 * `toSimpleSmartAccount`, a viem SmartAccount) and a viem bundler client that sends its user
 * operations through the local bundler, sponsored by the dev paymaster when `paymasterUrl` is given.
 * SimpleAccount (v0.7 and v0.8 alike) has no ERC-1271 `isValidSignature`, so nothing it "signs" can be
 * verified and permissionless refuses `signMessage` with it: an account that signs (ERC-1271, ERC-6492
 * while undeployed) needs another implementation (issue 14 point 2).
 */
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { type Address, type Hex, http, type PublicClient } from 'viem'
import { type BundlerClient, createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

export async function simpleAccountClient(options: {
  /** Needs its `chain`: the account reads the chain id from it (nonce key, user-op hash). */
  client: PublicClient
  ownerKey: Hex
  entryPoint: Address
  bundlerUrl: string
  paymasterUrl?: string
  /** The factory salt: one owner, many accounts. */
  index?: bigint
}): Promise<BundlerClient> {
  const account = await toSimpleSmartAccount({
    client: options.client,
    owner: privateKeyToAccount(options.ownerKey),
    entryPoint: { address: options.entryPoint, version: '0.7' },
    ...(options.index === undefined ? {} : { index: options.index }),
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
