/**
 * spec §9 "image preload timeout 2 s": a list never waits for its images. An image is shown once it
 * has loaded, if it loads within TIME.imagePreloadTimeoutMs; one that is late or broken leaves the
 * placeholder (initials, a neutral icon) in its place for good, so rows do not shift under the
 * pointer seconds later.
 */
import { TIME } from '@walletframe/protocol'
import { useEffect, useState } from 'react'

/** The part of an HTMLImageElement a preload needs (a fake in tests). */
export interface PreloadImage {
  onload: (() => void) | null
  onerror: (() => void) | null
  src: string
}

/** Whether `src` loaded within the timeout. */
export function preloadImage(
  src: string,
  options: { timeoutMs?: number; createImage?: () => PreloadImage } = {},
): Promise<boolean> {
  const image = options.createImage?.() ?? new Image()
  return new Promise((resolve) => {
    const settle = (loaded: boolean) => {
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      resolve(loaded)
    }
    const timer = setTimeout(() => settle(false), options.timeoutMs ?? TIME.imagePreloadTimeoutMs)
    image.onload = () => settle(true)
    image.onerror = () => settle(false)
    image.src = src
  })
}

/** `src` once it has loaded in time; undefined before, and for good if it was late or broken. */
export function useTimelyImage(src: string | undefined): string | undefined {
  const [shown, setShown] = useState<string>()
  useEffect(() => {
    setShown(undefined)
    if (!src) return
    let current = true
    void preloadImage(src).then((loaded) => {
      if (current && loaded) setShown(src)
    })
    return () => {
      current = false
    }
  }, [src])
  return shown
}
