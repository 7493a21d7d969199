import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor.ts'

describe('history cursor', () => {
  it('round-trips a position', () => {
    const position = { minedAt: 1_763_000_000, chainId: 31_337, block: 12_345, txIndex: 7 }
    const cursor = encodeCursor(position)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(position)
  })

  it('refuses anything it did not produce', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url')
    for (const cursor of [
      '',
      'abc',
      b64('h1.1.2.3'),
      b64('h2.1.2.3.4'),
      b64('h1.1.2.3.-4'),
      b64('h1.01.2.3.4'), // not canonical
      b64('h1.99999999999999999.2.3.4'), // beyond 2^53
      b64('h1.1.2.3.4 '),
      `${encodeCursor({ minedAt: 1, chainId: 2, block: 3, txIndex: 4 })}A`, // trailing bits
    ]) {
      expect(decodeCursor(cursor), cursor).toBeUndefined()
    }
  })
})
