/**
 * The React integrations on their own sites (issue 13): the Next.js example's production build
 * served by `next start`, and a page bundled with React's development build under <StrictMode>.
 * Both are on the dapp host (127.0.0.1) at free ports; their modal server must allow their origins.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { WalletFrameOptions } from '@walletframe/react'
import { freePort } from '@walletframe/testing'
import { build } from 'esbuild'
import { TEST_ENV, testStack } from './test-stack.ts'

const stack = testStack()
const exampleDir = fileURLToPath(new URL('../../examples/nextjs', import.meta.url))

export interface ReactSite {
  url: string
  origin: string
  close(): Promise<void>
}

/** An origin on the dapp host, chosen before the modal server that must allow it starts. */
export async function reserveOrigin(): Promise<string> {
  return `http://${stack.dapp.host}:${await freePort(stack.dapp.host)}`
}

/** `next start` of the example's production build (`npm run build`), pointed at `modalOrigin`. */
export async function startNextExample(origin: string, modalOrigin: string): Promise<ReactSite> {
  if (!existsSync(`${exampleDir}/.next/BUILD_ID`))
    throw new Error('examples/nextjs has no production build: run `npx turbo run build` first.')
  const { port, hostname } = new URL(origin)
  const modal = new URL(modalOrigin)
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.resolve('next/dist/bin/next')),
      'start',
      '--port',
      port,
      '--hostname',
      hostname,
    ],
    {
      cwd: exampleDir,
      env: {
        ...process.env,
        ...TEST_ENV,
        WF_MODAL_HOST: modal.hostname,
        WF_MODAL_PORT: modal.port,
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    const onData = () => output.includes('Ready') && resolve()
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`next start exited (${code}):\n${output}`)))
  })
  return { url: `${origin}/`, origin, close: () => stop(child) }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return
  const exited = once(child, 'exit')
  // Its own process group (detached): next start and any worker it forked end together.
  process.kill(-child.pid, 'SIGTERM')
  await exited
}

/** The <StrictMode> page (react-strict/page.tsx), bundled with React's development build. */
export async function startStrictModePage(origin: string, options: WalletFrameOptions): Promise<ReactSite> {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./react-strict/page.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
  })
  const script = outputFiles[0]!.contents
  const html = `<!doctype html><title>strict mode</title><div id="root"></div>
<script id="options" type="application/json">${JSON.stringify(options)}</script>
<script type="module" src="/page.js"></script>`
  const server: Server = createServer((request, response) => {
    if (request.url === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else response.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  const { port, hostname } = new URL(origin)
  await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve))
  return {
    url: `${origin}/`,
    origin,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
