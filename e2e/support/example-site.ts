/**
 * An example of examples/ as its integrator would run it (issue 13 §7): its built files served on a
 * site of their own (127.0.0.1, free port), beside a modal host of its own (127.0.0.2) that allows
 * that site and serves the SDK's drop-in files. The examples are written for `npm start`'s stack;
 * their pages and scripts are served with its modal and devnet URLs swapped for this run's.
 */
import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Frame, type Page } from '@playwright/test'
import { resolveStackConfig } from '@walletframe/stack'
import { startOwnSite } from './own-site.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()
const devStack = resolveStackConfig({})
const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

export interface ExampleSite {
  pageUrl: string
  modalOrigin: string
  close(): Promise<void>
}

export interface ExampleSiteOptions {
  /** The folder to serve, from the repository's root (an example's build output). */
  dir: string
  /** Response headers of the pages (a CSP naming this run's modal origin). */
  pageHeaders?: (modalOrigin: string) => Record<string, string>
}

export async function startExampleSite({ dir, pageHeaders }: ExampleSiteOptions): Promise<ExampleSite> {
  const root = resolve(repo(dir))
  return startOwnSite({
    sdkDir: repo('packages/sdk/dist'),
    handler: ({ pageOrigin, modalOrigin }) => {
      const swaps: [string, string][] = [
        [devStack.modal.origin, modalOrigin],
        ...devStack.devnet.chains.map((chain, i): [string, string] => [
          chain.rpcUrl,
          stack.devnet.chains[i]!.rpcUrl,
        ]),
      ]
      return async (request, response) => {
        const path = new URL(request.url ?? '/', pageOrigin).pathname
        const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`)
        const type = CONTENT_TYPES[extname(file)]
        if (!type || !file.startsWith(root + sep)) return response.writeHead(404).end()
        const body = await readFile(file, 'utf8').catch(() => undefined)
        if (body === undefined) return response.writeHead(404).end()
        const headers = type.startsWith('text/html') ? (pageHeaders?.(modalOrigin) ?? {}) : {}
        response
          .writeHead(200, { 'content-type': type, ...headers })
          .end(swaps.reduce((text, [from, to]) => text.replaceAll(from, to), body))
      }
    },
  })
}

/** The example's modal frame (cross-origin: only Playwright can look inside). */
export async function exampleModalFrame(page: Page, site: ExampleSite): Promise<Frame> {
  const find = () => page.frames().find((frame) => frame.url().startsWith(site.modalOrigin))
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true)
  return find()!
}
