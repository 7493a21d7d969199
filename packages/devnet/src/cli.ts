/**
 * `npx tsx --conditions=walletframe-source packages/devnet/src/cli.ts`: runs the devnet of the local
 * stack (the anvil chains and the local Solana RPC) until Ctrl-C.
 */
import { resolveStackConfig } from '@walletframe/stack'
import { startDevnet } from './devnet.ts'
import { startSolanaRpc } from './solana/server.ts'

const config = resolveStackConfig()
const devnet = await startDevnet(config.devnet)
const solana = await startSolanaRpc({ host: config.solana.host, port: config.solana.port })
for (const chain of devnet.chains) console.log(`${chain.name} (chain ${chain.chainId}): ${chain.rpcUrl}`)
console.log(
  `Funded accounts (10000 ETH each before the fixtures): ${devnet.accounts.map((account) => account.address).join(', ')}`,
)
// The same addresses on every chain: one deployer, the same nonces.
const [firstChain] = Object.values(devnet.fixtures)
for (const contract of [...(firstChain?.tokens ?? []), ...(firstChain?.nfts ?? [])]) {
  console.log(`Fixture ${contract.symbol} (${contract.name}): ${contract.address}`)
}
if (firstChain) {
  const { entryPoint, accountFactory, verifyingPaymaster } = firstChain.accountAbstraction
  console.log(
    `ERC-4337: EntryPoint v0.7 ${entryPoint}, smart-account factory ${accountFactory}, VerifyingPaymaster ${verifyingPaymaster}`,
  )
  console.log(`EIP-7702 delegate (Simple7702Account v0.8): ${firstChain.accountAbstraction.eip7702Delegate}`)
}

console.log(
  `Solana localnet: ${solana.url} (subscriptions ${solana.subscriptionsUrl}); test keys with 1000 SOL and 1000 ${solana.fixtures.token.symbol} each: ${solana.fixtures.accounts.map((account) => account.address).join(', ')}; ${solana.fixtures.token.symbol} mint ${solana.fixtures.token.mint}`,
)

let stopping = false
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping the devnet`)
  await Promise.all([devnet.close(), solana.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
