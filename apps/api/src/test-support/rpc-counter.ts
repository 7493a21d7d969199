/**
 * A loopback proxy in front of a devnet RPC that counts the JSON-RPC calls passing through (a
 * batch counts each entry): what the abuse tests use to show chain reads stay bounded, and the RPC
 * endpoint's tests to see which upstream a read reached. A target that is down answers 502.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RpcCounter {
  url: string
  readonly calls: number
  /** Calls of one method (ranking's net_listening pings apart from the reads). */
  callsOf(method: string): number
  close(): Promise<void>
}

export async function startRpcCounter(target: string): Promise<RpcCounter> {
  let calls = 0
  const byMethod = new Map<string, number>()
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const parsed = JSON.parse(body) as { method: string } | Array<{ method: string }>
    for (const { method } of Array.isArray(parsed) ? parsed : [parsed]) {
      calls += 1
      byMethod.set(method, (byMethod.get(method) ?? 0) + 1)
    }
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    }).catch(() => undefined)
    if (!answer) return void response.writeHead(502).end()
    response.writeHead(answer.status, { 'Content-Type': 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get calls() {
      return calls
    },
    callsOf: (method) => byMethod.get(method) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.0/8 is all local), so a test can be
 * several clients as the rate limits see them. Resolves with the status and the elapsed ms.
 */
export function requestFrom(
  from: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; ms: number; retryAfter: string | undefined }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers ?? {}, localAddress: from, agent: false },
      (response) => {
        response.resume()
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: response.headers['retry-after'],
          }),
        )
      },
    )
    request.once('error', reject)
    request.end(init.body)
  })
}
