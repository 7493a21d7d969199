import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createAdaptorServer } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { DEMO_CONFIG_ELEMENT_ID, type DemoChain, type DemoConfig, type DemoToken } from '../src/config.ts'

export type { DemoToken }

export interface DemoDappOptions {
  host: string
  port: number
  modalUrl: string
  projectId: string
  chains: DemoChain[]
  /** A token for the "Send 1 <symbol>" action; without it the action is hidden. */
  token?: DemoToken
  /** The build output of build.ts; defaults to apps/demo-dapp/dist. */
  distDir?: string
}

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url))
const STRICT_CSP = "default-src 'self'; script-src 'self'"
/** index.html carries this marker where the server puts the page config. */
const CONFIG_MARKER = '<!-- demo-config -->'

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

/** `<` escaped so no value (a chain name, say) can close the script element early. */
export function configScript(config: DemoConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `<script id="${DEMO_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`
}

export function createDemoDappApp(options: Omit<DemoDappOptions, 'host' | 'port'>): Hono {
  const distDir = options.distDir ?? DEFAULT_DIST_DIR
  const config: DemoConfig = {
    projectId: options.projectId,
    modalUrl: options.modalUrl,
    chains: options.chains,
    ...(options.token ? { token: options.token } : {}),
  }
  const app = new Hono()

  const page = (name: string) => async (c: Context) => {
    // Read per request so a rebuild shows up without restarting the server.
    const html = await readFile(`${distDir}/${name}`, 'utf8').catch(() => undefined)
    if (html === undefined)
      return c.text('demo-dapp is not built: run `npm run build -w @walletframe/demo-dapp`', 500)
    c.header('Cache-Control', 'no-store')
    return c.html(html.replace(CONFIG_MARKER, configScript(config)))
  }
  app.get('/', page('index.html'))
  // The same SDK under the strict CSP of issue 10: the config is JSON data, not a script.
  app.get('/strict-csp', async (c) => {
    c.header('Content-Security-Policy', `${STRICT_CSP}; frame-src ${new URL(options.modalUrl).origin}`)
    return page('strict-csp.html')(c)
  })

  app.get('/:file', async (c) => {
    const file = c.req.param('file')
    const contentType = CONTENT_TYPES[file.slice(file.lastIndexOf('.'))]
    // Only plain file names from dist: the pattern keeps out `..` and anything outside it.
    if (!contentType || !/^[\w-]+(\.[\w-]+)+$/.test(file)) return c.notFound()
    const body = await readFile(`${distDir}/${file}`).catch(() => undefined)
    if (body === undefined) return c.notFound()
    return c.body(body, 200, { 'Content-Type': contentType })
  })

  return app
}

export async function startDemoDapp(
  options: DemoDappOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = createDemoDappApp(options)
  const server = createAdaptorServer({ fetch: app.fetch, hostname: options.host })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `demo-dapp: cannot listen on ${options.host}:${options.port} (${error.code ?? error.message})`,
        ),
      ),
    )
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host}:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Idle keep-alive connections would otherwise hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
