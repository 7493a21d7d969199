/** `npm run serve -w @walletframe/demo-dapp`: serves the built demo against the local stack's devnet and modal. */
import { devnetChainDefinitions } from '@walletframe/devnet'
import { resolveStackConfig } from '@walletframe/stack'
import { startDemoDapp } from './index.ts'

const config = resolveStackConfig()
const demo = await startDemoDapp({
  host: config.dapp.host,
  port: config.dapp.port,
  modalUrl: config.modal.url,
  projectId: config.projectId,
  chains: devnetChainDefinitions(config.devnet),
})
console.log(`demo dapp: ${demo.url} (modal ${config.modal.url})`)

async function stop(): Promise<void> {
  await demo.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
