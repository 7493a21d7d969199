import { TIME } from '@walletframe/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type PreloadImage, preloadImage } from './image-preload.ts'

const fakeImage = (): PreloadImage => ({ onload: null, onerror: null, src: '' })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('image preload (spec §9: 2 s)', () => {
  it('shows an image that loads within the timeout', async () => {
    const image = fakeImage()
    const loaded = preloadImage('http://api.test/a.svg', { createImage: () => image })
    expect(image.src).toBe('http://api.test/a.svg')
    await vi.advanceTimersByTimeAsync(TIME.imagePreloadTimeoutMs - 1)
    image.onload?.()
    expect(await loaded).toBe(true)
  })

  it('gives up on an image still loading after 2 s, and ignores it arriving later', async () => {
    const image = fakeImage()
    const loaded = preloadImage('http://api.test/slow.svg', { createImage: () => image })
    const late = image.onload
    await vi.advanceTimersByTimeAsync(TIME.imagePreloadTimeoutMs)
    expect(await loaded).toBe(false)
    expect(image.onload).toBeNull()
    late?.()
    expect(await loaded).toBe(false)
  })

  it('gives up at once on a broken image', async () => {
    const image = fakeImage()
    const loaded = preloadImage('http://api.test/404.svg', { createImage: () => image })
    image.onerror?.()
    expect(await loaded).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })
})
