import { ANIMATION } from '@walletframe/protocol'
import { type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react'

/** Animates the modal's height as views change size (spec §2: 150 ms). */
export function AnimatedHeight({ children }: { children: ReactNode }): ReactElement {
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  useLayoutEffect(() => {
    const element = inner.current
    if (!element) return
    setHeight(element.offsetHeight)
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="wf-height" style={{ height, transitionDuration: `${ANIMATION.modalHeightMs}ms` }}>
      <div ref={inner}>{children}</div>
    </div>
  )
}
