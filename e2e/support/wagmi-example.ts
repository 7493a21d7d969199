/**
 * The Vite + wagmi example (examples/vite-wagmi) as an integrator ships it: its production build
 * (`vite build`, made here with the test stack's devnet and a modal of its own) served as static
 * files on its own site (127.0.0.1, free port), and a modal server (127.0.0.2) whose dev project
 * allows that site, on the shared devnet.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startOwnSite } from './own-site.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()
const EXAMPLE_DIR = fileURLToPath(new URL('../../examples/vite-wagmi/', import.meta.url))
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export interface WagmiExample {
  url: string
  modalOrigin: string
  close(): Promise<void>
}

export async function startWagmiExample(): Promise<WagmiExample> {
  const outDir = await mkdtemp(join(tmpdir(), 'wf-vite-wagmi-'))
  const [chainA, chainB] = stack.devnet.chains
  const site = await startOwnSite({
    handler: async ({ pageOrigin, modalOrigin }) => {
      // The example's build-time settings (examples/vite-wagmi/README.md), as an integrator sets them.
      await promisify(execFile)(
        'npx',
        ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: EXAMPLE_DIR,
          env: {
            ...process.env,
            VITE_WALLETFRAME_PROJECT_ID: stack.projectId,
            VITE_WALLETFRAME_MODAL_URL: `${modalOrigin}/`,
            VITE_DEVNET_A_RPC_URL: chainA!.rpcUrl,
            VITE_DEVNET_B_RPC_URL: chainB!.rpcUrl,
          },
        },
      )
      return async (request, response) => {
        const { pathname } = new URL(request.url ?? '/', pageOrigin)
        // Only files inside the build: a normalized path that climbs out of it is not served.
        const file = normalize(pathname === '/' ? '/index.html' : pathname)
        const type = CONTENT_TYPES[extname(file)]
        const body =
          type && !file.includes('..') ? await readFile(join(outDir, file)).catch(() => undefined) : undefined
        if (!body) response.writeHead(404).end()
        else response.writeHead(200, { 'content-type': type! }).end(body)
      }
    },
  })
  return {
    url: site.pageUrl,
    modalOrigin: site.modalOrigin,
    async close() {
      await site.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
