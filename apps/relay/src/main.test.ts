/** The relay as `npm start` runs it: main.ts in its own process, configured by environment. */
import { describe, expect, it } from 'vitest'
import { RawClient } from './testing/raw-client.ts'
import { startRelayProcess } from './testing/relay-process.ts'

describe('main.ts', () => {
  it('serves on WF_RELAY_HOST/PORT and exits cleanly on SIGTERM, closing sockets with 1001', {
    timeout: 30_000,
  }, async () => {
    const relay = await startRelayProcess()
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const health = await fetch(`${relay.url.replace('ws://', 'http://')}/healthz`)
    expect(await health.json()).toMatchObject({ ok: true })
    const client = await RawClient.connect(relay.url)
    expect(await relay.stop()).toBe(0)
    expect((await client.closed).code).toBe(1001)
  })

  it('names a bad setting and exits with 1', { timeout: 30_000 }, async () => {
    await expect(startRelayProcess({ WF_RELAY_PUBLISH_RATE: 'lots' })).rejects.toThrow(
      /exited with 1: relay: WF_RELAY_PUBLISH_RATE must be an integer/,
    )
  })
})
