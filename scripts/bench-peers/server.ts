/** Serves the built peer pages (bench/peers/dist) on loopback: `/<page>/` and their `/assets/`. */
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { extname, normalize } from 'node:path'
import { PEERS_DIST } from './build.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export async function servePeers(origin: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? '/', origin).pathname).replace(/^(\.\.[/\\])+/, '')
    const file = `${PEERS_DIST}${path.slice(1)}${path.endsWith('/') ? 'index.html' : ''}`
    try {
      const body = await readFile(file)
      response
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  const { hostname, port } = new URL(origin)
  await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve))
  return server
}
