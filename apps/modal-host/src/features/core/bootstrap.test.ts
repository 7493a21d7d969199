import { PROJECT_BOOTSTRAP_ELEMENT_ID, serializeProjectBootstrap } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { readApiUrl, readBootstrap, readRelayUrl } from './bootstrap.ts'

const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === PROJECT_BOOTSTRAP_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
})
const ok = { status: 'ok' as const, projectId: 'p', allowedOrigins: ['http://127.0.0.1:5173'] }

describe('the project bootstrap in the modal page', () => {
  it('gives the relay and the data API the modal server named', () => {
    const doc = page(
      serializeProjectBootstrap({ ...ok, relayUrl: 'ws://127.0.0.1:5175', apiUrl: 'http://127.0.0.1:5176/' }),
    )
    expect(readRelayUrl(doc)).toBe('ws://127.0.0.1:5175')
    expect(readApiUrl(doc)).toBe('http://127.0.0.1:5176')
  })

  it('offers neither WalletConnect nor account data without them, or with URLs of the wrong kind', () => {
    for (const doc of [
      page(serializeProjectBootstrap(ok)),
      page(JSON.stringify({ ...ok, relayUrl: 'https://relay.example', apiUrl: 'javascript:alert(1)' })),
      page(null),
      undefined,
    ]) {
      expect(readRelayUrl(doc)).toBeUndefined()
      expect(readApiUrl(doc)).toBeUndefined()
    }
  })

  it('reads a missing or broken element as a project that is not configured', () => {
    for (const text of [null, '', 'not json', '{"status":"ok"}'])
      expect(readBootstrap(page(text))).toEqual({ status: 'missing' })
  })
})
