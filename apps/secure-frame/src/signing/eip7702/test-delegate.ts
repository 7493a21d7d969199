/**
 * Test support (co-located `*.test.ts` files only): a bare test chain (../test-devnet.ts) with the
 * EIP-7702 delegate deployed exactly as the devnet fixtures deploy it.
 */
import { type Devnet, devnetAccounts, eip7702Steps } from '@walletframe/devnet'
import { EIP7702_DELEGATE_ADDRESS } from '@walletframe/protocol'
import { createWalletClient, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startTestChain } from '../test-devnet.ts'

/** The dev account that deploys the delegate; the tests sign with others. */
const DEPLOYER_INDEX = 9

export async function startChainWithDelegate(): Promise<{ devnet: Devnet; rpcUrl: string }> {
  const chain = await startTestChain()
  const wallet = createWalletClient({
    account: privateKeyToAccount(devnetAccounts()[DEPLOYER_INDEX]!.privateKey),
    transport: http(chain.rpcUrl),
  }).extend(publicActions)
  for (const step of eip7702Steps(DEPLOYER_INDEX)) {
    const hash = await wallet.sendTransaction({ to: step.to, data: step.data, gas: step.gas, chain: null })
    await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  }
  if (!(await wallet.getCode({ address: EIP7702_DELEGATE_ADDRESS })))
    throw new Error(`test chain: the EIP-7702 delegate is not at ${EIP7702_DELEGATE_ADDRESS}`)
  return chain
}
