import { type ReactElement, useLayoutEffect, useRef } from 'react'
import './embedded.css'
import { useSession } from '../core/index.ts'

/**
 * The body the key frame is laid over while this view is on screen (wallet setup, approval): the
 * key frame itself renders what is asked and its own buttons (docs/embedded-wallet.md).
 */
export function KeyFrameSlot({ label }: { label: string }): ReactElement {
  const session = useSession()
  const slot = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    session.placeKeyFrame(slot.current)
    return () => session.placeKeyFrame(null)
  }, [session])
  return <section ref={slot} className="wf-key-frame-slot" aria-label={label} data-testid="key-frame-slot" />
}
