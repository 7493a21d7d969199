/**
 * Starts the whole local stack — devnet, modal server, demo dapp — each on its own site, and
 * stops it in reverse order. Used by `npm start`, the e2e global setup and the benchmarks.
 */
import { fileURLToPath } from 'node:url'
import { startDemoDapp } from '@walletframe/demo-dapp/server'
import { type Devnet, devnetChainDefinitions, startDevnet } from '@walletframe/devnet'
import { loadProjects, startModalServer } from '@walletframe/modal-host/server'
import type { StackConfig } from '@walletframe/stack'

export interface RunningStack {
  config: StackConfig
  devnet: Devnet
  urls: { dapp: string; modal: string; rpc: string[] }
  close(): Promise<void>
}

export async function startStack(
  config: StackConfig,
  options: { projectsFile?: string } = {},
): Promise<RunningStack> {
  const stops: Array<() => Promise<void>> = []
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error))
  }
  try {
    const devnet = await startDevnet(config.devnet)
    stops.push(() => devnet.close())
    const modal = await startModalServer({
      host: config.modal.host,
      port: config.modal.port,
      origin: config.modal.origin,
      distDir: fileURLToPath(new URL('../apps/modal-host/dist', import.meta.url)),
      sdkDir: fileURLToPath(new URL('../packages/sdk/dist', import.meta.url)),
      projects: loadProjects({
        devProjectId: config.projectId,
        devOrigins: [config.dapp.origin, ...config.extraDevOrigins],
        projectsFile: options.projectsFile,
      }),
    })
    stops.push(() => modal.close())
    const dapp = await startDemoDapp({
      host: config.dapp.host,
      port: config.dapp.port,
      modalUrl: config.modal.url,
      projectId: config.projectId,
      chains: devnetChainDefinitions(config.devnet),
    })
    stops.push(() => dapp.close())
    return {
      config,
      devnet,
      urls: { dapp: dapp.url, modal: modal.url, rpc: devnet.chains.map((c) => c.rpcUrl) },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
