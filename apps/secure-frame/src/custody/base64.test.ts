import { describe, expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64 } from './base64.ts'

describe('base64', () => {
  it('round-trips bytes of every length, as Node encodes them', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      const text = bytesToBase64(bytes)
      expect(text).toBe(Buffer.from(bytes).toString('base64'))
      expect(base64ToBytes(text)).toEqual(bytes)
    }
  })

  it('refuses text that is not padded standard base64', () => {
    for (const text of ['abc', 'ab=c', 'a-_b', 'YQ', 'YQ==YQ==', ' YQ==']) {
      expect(() => base64ToBytes(text), text).toThrow(TypeError)
    }
  })
})
