/**
 * A host page on a site of its own (127.0.0.1, free port) beside a modal server of its own
 * (127.0.0.2, free port) whose dev project allows that site: the set-up of the e2e sites that are
 * not the demo dapp (the examples, the Solana and Bitcoin pages).
 */
import { createServer, type RequestListener } from 'node:http'
import { fileURLToPath } from 'node:url'
import { loadProjects, startModalServer } from '@walletframe/modal-host/server'
import { freePort } from '@walletframe/testing'
import { testStack } from './test-stack.ts'

const stack = testStack()

export interface SiteOrigins {
  pageOrigin: string
  modalOrigin: string
}

export interface OwnSite extends SiteOrigins {
  pageUrl: string
  close(): Promise<void>
}

export async function startOwnSite(options: {
  /** The page server's handler; the origins are known before anything listens (a build may need them). */
  handler(origins: SiteOrigins): RequestListener | Promise<RequestListener>
  /** A folder of SDK drop-in files for the modal server to serve too. */
  sdkDir?: string
}): Promise<OwnSite> {
  const [pagePort, modalPort] = [await freePort(stack.dapp.host), await freePort(stack.modal.host)]
  const origins = {
    pageOrigin: `http://${stack.dapp.host}:${pagePort}`,
    modalOrigin: `http://${stack.modal.host}:${modalPort}`,
  }
  const host = createServer(await options.handler(origins))
  await new Promise<void>((resolve) => host.listen(pagePort, stack.dapp.host, resolve))
  const modal = await startModalServer({
    host: stack.modal.host,
    port: modalPort,
    distDir: fileURLToPath(new URL('../../apps/modal-host/dist', import.meta.url)),
    ...(options.sdkDir ? { sdkDir: options.sdkDir } : {}),
    projects: loadProjects({ devProjectId: stack.projectId, devOrigins: [origins.pageOrigin] }),
  })
  return {
    ...origins,
    pageUrl: `${origins.pageOrigin}/`,
    async close() {
      await modal.close()
      host.closeAllConnections()
      await new Promise<void>((resolve) => host.close(() => resolve()))
    },
  }
}
