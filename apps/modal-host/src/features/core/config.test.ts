import { describe, expect, it } from 'vitest'
import { readApiUrl } from './config.ts'

const doc = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'wf-project' && text !== null ? ({ textContent: text } as HTMLElement) : null,
})

describe('readApiUrl', () => {
  it('reads the data API the modal server named in the project bootstrap', () => {
    expect(readApiUrl(doc('{"status":"ok","apiUrl":"http://127.0.0.1:5177/"}'))).toBe('http://127.0.0.1:5177')
    expect(readApiUrl(doc('{"status":"ok","apiUrl":"https://api.example.org"}'))).toBe(
      'https://api.example.org',
    )
  })

  it('has no API (and so no tabs or registry) for anything else', () => {
    for (const text of [
      null,
      '',
      'nope',
      '{"status":"ok"}',
      '{"apiUrl":1}',
      '{"apiUrl":"javascript:alert(1)"}',
    ])
      expect(readApiUrl(doc(text))).toBeUndefined()
    expect(readApiUrl(undefined)).toBeUndefined()
  })
})
