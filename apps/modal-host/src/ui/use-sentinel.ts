import { type RefObject, useEffect, useRef } from 'react'

/**
 * Infinite scroll: calls `onVisible` whenever the returned element (a sentinel after a list)
 * scrolls into view, while `enabled`.
 */
export function useSentinel<T extends Element>(onVisible: () => void, enabled: boolean): RefObject<T | null> {
  const ref = useRef<T | null>(null)
  const callback = useRef(onVisible)
  callback.current = onVisible
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { rootMargin: '120px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled])
  return ref
}
