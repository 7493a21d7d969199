import { describe, expect, it } from 'vitest'
import {
  coloursFor,
  escapeXml,
  etagOf,
  ifNoneMatchHits,
  initialsOf,
  monogramSvg,
  symbolText,
} from './images.ts'

describe('monogram images', () => {
  it('escapes every XML special character in text and label', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;')
    const svg = monogramSvg({ id: 'x', text: '<&>', label: `"><script>alert(1)</script>` })
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;')
    expect(svg).toContain('>&lt;&amp;&gt;</text>')
  })

  it('derives initials and symbol text', () => {
    expect(initialsOf('Harbor Wallet')).toBe('HW')
    expect(initialsOf('lumen')).toBe('L')
    expect(initialsOf('  ')).toBe('?')
    expect(initialsOf('🦊 Den')).toBe('🦊D')
    expect(symbolText('USDC.e')).toBe('USDC')
    expect(symbolText('wbtc')).toBe('WBTC')
    expect(symbolText('LONGSYMBOL')).toBe('LONG')
  })

  it('picks a stable colour and a readable text colour', () => {
    expect(coloursFor('a')).toEqual(coloursFor('a'))
    const backgrounds = new Set(Array.from({ length: 50 }, (_, i) => coloursFor(`id${i}`).background))
    expect(backgrounds.size).toBeGreaterThan(40)
    for (let i = 0; i < 200; i++) {
      const { background, text } = coloursFor(`id${i}`)
      expect(background).toMatch(/^#[0-9a-f]{6}$/)
      expect(['#ffffff', '#111111']).toContain(text)
    }
  })

  it('matches If-None-Match lists, weak tags and *', () => {
    const etag = etagOf('<svg/>')
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(ifNoneMatchHits(undefined, etag)).toBe(false)
    expect(ifNoneMatchHits(etag, etag)).toBe(true)
    expect(ifNoneMatchHits(`"other", W/${etag}`, etag)).toBe(true)
    expect(ifNoneMatchHits('*', etag)).toBe(true)
    expect(ifNoneMatchHits('"other"', etag)).toBe(false)
  })
})
