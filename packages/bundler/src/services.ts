/**
 * The ERC-4337 services of the local stack on one devnet chain: the bundler (Alto) and the dev
 * paymaster service, started side by side and stopped together.
 */
import type { AccountAbstractionFixtures } from '@walletframe/devnet'
import type { StackConfig } from '@walletframe/stack'
import { startBundler } from './bundler.ts'
import { startPaymasterService } from './paymaster.ts'

export interface AccountAbstractionServices {
  bundlerUrl: string
  paymasterUrl: string
  close(): Promise<void>
}

export async function startAccountAbstractionServices(options: {
  config: StackConfig['bundler']
  chain: { chainId: number; rpcUrl: string }
  contracts: AccountAbstractionFixtures
}): Promise<AccountAbstractionServices> {
  const { config, chain, contracts } = options
  const started = await Promise.allSettled([
    startBundler({
      rpcUrl: chain.rpcUrl,
      entryPoint: contracts.entryPoint,
      host: config.host,
      port: config.port,
    }),
    startPaymasterService({ ...chain, contracts, host: config.host, port: config.paymasterPort }),
  ])
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const close = async () => {
    await Promise.all(running.map((service) => service.close()))
  }
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await close()
    throw failure.reason
  }
  const [bundler, paymaster] = running
  return { bundlerUrl: bundler!.url, paymasterUrl: paymaster!.url, close }
}
