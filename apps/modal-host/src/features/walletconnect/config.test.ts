import { describe, expect, it } from 'vitest'
import { readRelayUrl } from './config.ts'

const doc = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'wf-project' && text !== null ? ({ textContent: text } as HTMLElement) : null,
})

describe('readRelayUrl', () => {
  it('reads the relay the modal server named in the project bootstrap', () => {
    expect(readRelayUrl(doc('{"status":"ok","relayUrl":"ws://127.0.0.1:5175"}'))).toBe('ws://127.0.0.1:5175')
    expect(readRelayUrl(doc('{"status":"ok","relayUrl":"wss://relay.example.org"}'))).toBe(
      'wss://relay.example.org',
    )
  })

  it('has no relay (and so no WalletConnect) for anything else', () => {
    for (const text of [
      null,
      '',
      'not json',
      '{"status":"ok"}',
      '{"relayUrl":42}',
      '{"relayUrl":"https://relay.example.org"}',
      '{"relayUrl":"javascript:alert(1)"}',
    ])
      expect(readRelayUrl(doc(text))).toBeUndefined()
    expect(readRelayUrl(undefined)).toBeUndefined()
  })
})
