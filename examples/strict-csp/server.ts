/**
 * `npm start -w @walletframe/example-strict-csp`: serves dist/ on http://127.0.0.1:5191 under the
 * strict CSP (csp.ts), framing the modal host of `npm start`. Start the services with this origin
 * allowed: `WALLETFRAME_DEV_ORIGINS=http://127.0.0.1:5191 npm start`.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { strictCsp } from './csp.ts'

const MODAL_ORIGIN = process.env.WALLETFRAME_MODAL_ORIGIN ?? 'http://127.0.0.2:5174'
const FILES: Record<string, string> = {
  '/': 'text/html; charset=utf-8',
  '/main.js': 'text/javascript; charset=utf-8',
  '/styles.css': 'text/css; charset=utf-8',
}

createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname
  const type = FILES[path]
  if (!type) return response.writeHead(404).end()
  const body = await readFile(
    fileURLToPath(new URL(`dist/${path === '/' ? 'index.html' : path}`, import.meta.url)),
  )
  response
    .writeHead(200, { 'content-type': type, 'content-security-policy': strictCsp(MODAL_ORIGIN) })
    .end(body)
}).listen(5191, '127.0.0.1', () => console.log('strict-CSP example: http://127.0.0.1:5191/'))
