/**
 * A site of its own for a spec: a second modal server + demo dapp pair on free ports, both real
 * servers on their own sites (127.0.0.2 modal, 127.0.0.1 dapp) like the shared stack, on the shared
 * devnet. Specs that need a relay or a data API the shared stack must not have use it.
 */
import { fileURLToPath } from 'node:url'
import { type DemoToken, startDemoDapp } from '@walletframe/demo-dapp/server'
import { devnetChainDefinitions } from '@walletframe/devnet'
import { loadProjects, startModalServer } from '@walletframe/modal-host/server'
import { freePort } from '@walletframe/testing'
import { testStack } from './test-stack.ts'

const stack = testStack()

export interface PrivateSite {
  dappUrl: string
  dappOrigin: string
  modalOrigin: string
  close(): Promise<void>
}

export interface PrivateSiteOptions {
  /** Known in advance when a service must allow the modal's origin before the modal starts (CORS). */
  modalPort?: number
  relayUrl?: string
  apiUrl?: string
  token?: DemoToken
  /** Other host pages the dev project allows besides the demo dapp (an example app on its own port). */
  hostOrigins?: string[]
}

export async function startPrivateSite(options: PrivateSiteOptions = {}): Promise<PrivateSite> {
  const modalPort = options.modalPort ?? (await freePort(stack.modal.host))
  const dappPort = await freePort(stack.dapp.host)
  const dappOrigin = `http://${stack.dapp.host}:${dappPort}`
  const modal = await startModalServer({
    host: stack.modal.host,
    port: modalPort,
    distDir: fileURLToPath(new URL('../../apps/modal-host/dist', import.meta.url)),
    projects: loadProjects({
      devProjectId: stack.projectId,
      devOrigins: [dappOrigin, ...(options.hostOrigins ?? [])],
    }),
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
  })
  try {
    const dapp = await startDemoDapp({
      host: stack.dapp.host,
      port: dappPort,
      modalUrl: modal.url,
      projectId: stack.projectId,
      chains: devnetChainDefinitions(stack.devnet),
      ...(options.token ? { token: options.token } : {}),
    })
    return {
      dappUrl: dapp.url,
      dappOrigin,
      modalOrigin: new URL(modal.url).origin,
      close: async () => {
        await dapp.close()
        await modal.close()
      },
    }
  } catch (error) {
    await modal.close()
    throw error
  }
}
