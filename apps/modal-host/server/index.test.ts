import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ModalServer, startModalServer } from './index.ts'

let distDir: string
let server: ModalServer

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'wf-modal-server-'))
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), '<html><head></head><body></body></html>')
  writeFileSync(join(distDir, 'secret.txt'), 'secret')
  server = await startModalServer({
    host: '127.0.0.1',
    port: 0,
    distDir,
    projects: [{ projectId: 'p', allowedOrigins: ['http://127.0.0.1:5173'] }],
  })
})

afterAll(async () => {
  await server?.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** node:http sends the path as written, without the normalisation fetch() applies. */
function rawGet(path: string): Promise<number> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('startModalServer', () => {
  it('listens on a real socket and reports its url', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const response = await fetch(new URL('/healthz', server.url))
    expect(await response.json()).toEqual({ ok: true })
  })

  it.each(['/assets/../secret.txt', '/assets/..%2fsecret.txt', '/assets/%2e%2e/secret.txt'])(
    'raw path %s is a 404 over the socket too',
    async (path) => {
      expect(await rawGet(path)).toBe(404)
    },
  )

  it('rejects when the port is taken', async () => {
    const { port } = new URL(server.url)
    await expect(
      startModalServer({ host: '127.0.0.1', port: Number(port), distDir, projects: [] }),
    ).rejects.toThrow(/EADDRINUSE/)
  })

  it('close() resolves once the server is closed', async () => {
    const other = await startModalServer({ host: '127.0.0.1', port: 0, distDir, projects: [] })
    await other.close()
    await expect(fetch(new URL('/healthz', other.url))).rejects.toThrow()
  })
})
