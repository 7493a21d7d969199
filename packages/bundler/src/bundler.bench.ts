/**
 * ERC-4337 figures (`benchBundler()`, in `npm run bench`): how long the bundler (Alto) and the dev
 * paymaster take to start against a devnet chain until Alto serves the EntryPoint, and how long a
 * sponsored user operation that deploys its account takes from `eth_sendUserOperation` to its
 * receipt (raw samples in ms), and the gas of verifying one owner signature, secp256k1 against P-256
 * (owner-verification-gas.ts). Reported, never asserted.
 */
import { startDevnet } from '@walletframe/devnet'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort, freePortPair } from '@walletframe/testing'
import { createPublicClient, http } from 'viem'
import { foundry } from 'viem/chains'
import { ownerVerificationGas } from './owner-verification-gas.ts'
import { startAccountAbstractionServices } from './services.ts'
import { smartAccountClient } from './test-support.ts'

const RUNS = 5

export async function benchBundler(): Promise<{
  startMs: number[]
  userOperationToReceiptMs: number[]
  ownerVerificationGas: { ecrecover: number; p256Verify: number }
}> {
  const port = await freePortPair()
  const chain = { chainId: foundry.id, rpcUrl: `http://127.0.0.1:${port}` }
  const devnet = await startDevnet({ host: '127.0.0.1', chains: [{ ...chain, name: 'Bench Devnet', port }] })
  const contracts = devnet.fixtures[chain.chainId]!.accountAbstraction
  const client = createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) })
  const startMs: number[] = []
  const userOperationToReceiptMs: number[] = []
  try {
    const owner = devnet.accounts[0]!
    const verificationGas = await ownerVerificationGas(client, chain.rpcUrl, owner.privateKey)
    for (let run = 0; run < RUNS; run++) {
      const config = resolveStackConfig({
        WF_BUNDLER_PORT: `${await freePort()}`,
        WF_PAYMASTER_PORT: `${await freePort()}`,
      }).bundler
      const started = performance.now()
      const services = await startAccountAbstractionServices({ config, chain, contracts })
      startMs.push(performance.now() - started)
      try {
        // A fresh counterfactual account each time: the operation deploys it.
        const bundlerClient = await smartAccountClient({
          client,
          ownerKey: devnet.accounts[0]!.privateKey,
          bundlerUrl: services.bundlerUrl,
          paymasterUrl: services.paymasterUrl,
          index: BigInt(run),
        })
        const sent = performance.now()
        const hash = await bundlerClient.sendUserOperation({ calls: [{ to: devnet.accounts[1]!.address }] })
        await bundlerClient.waitForUserOperationReceipt({ hash })
        userOperationToReceiptMs.push(performance.now() - sent)
      } finally {
        await services.close()
      }
    }
    return { startMs, userOperationToReceiptMs, ownerVerificationGas: verificationGas }
  } finally {
    await devnet.close()
  }
}
