/** The per-address connection limit behind a reverse proxy (WF_TRUSTED_PROXY_HOPS, issue 10 §1). */
import { afterEach, describe, expect, it } from 'vitest'
import { CloseCode } from './connection.ts'
import { type RunningRelay, startRelay } from './server.ts'
import { RawClient } from './testing/raw-client.ts'

const quiet = { warn: () => {} }

describe('per-address connections behind a proxy', () => {
  let relay: RunningRelay | undefined
  const clients: RawClient[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await relay?.close()
  })
  const connect = async (forwardedFor: string) => {
    const client = await RawClient.connect(relay!.url, { headers: { 'X-Forwarded-For': forwardedFor } })
    clients.push(client)
    return client
  }
  // A refused socket is opened and closed at once with 1013 (try again later).
  const expectRefused = async (client: RawClient) =>
    expect((await client.closed).code).toBe(CloseCode.tryAgainLater)
  const expectServed = async (client: RawClient) =>
    expect((await client.request('irn_subscribe', { topic: 'ab'.repeat(32) })).result).toEqual(
      expect.any(String),
    )

  it('ignores X-Forwarded-For by default: a spoofed address per socket still counts as the peer', async () => {
    relay = await startRelay({ port: 0, limits: { maxConnectionsPerIp: 1 }, logger: quiet })
    await expectServed(await connect('198.51.100.1'))
    await expectRefused(await connect('198.51.100.2'))
  })

  it('behind one trusted proxy counts each client it names, never what the client wrote before it', async () => {
    relay = await startRelay({
      port: 0,
      limits: { maxConnectionsPerIp: 1 },
      trustedProxyHops: 1,
      logger: quiet,
    })
    await expectServed(await connect('203.0.113.1'))
    await expectServed(await connect('203.0.113.2'))
    await expectRefused(await connect('198.51.100.9, 203.0.113.1'))
  })
})
