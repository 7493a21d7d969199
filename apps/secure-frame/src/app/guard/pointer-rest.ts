/**
 * Where the pointer rests, as the key frame sees it. A host page cannot be seen moving the frame by
 * IntersectionObserver v2, but every pointer event tells the frame's offset on the screen
 * (`screenX − clientX`): when the frame is moved under a resting pointer, the offset changes, or
 * the pointer arrives only then. So a pointer click counts only after the pointer has rested in the
 * frame, at one frame offset, for TIME.approvalVisibleMs (docs/embedded-wallet.md).
 */

export interface PointerSample {
  timeStamp: number
  screenX: number
  screenY: number
  clientX: number
  clientY: number
}

export interface PointerRest {
  /** A pointer event inside the frame (move, down). */
  moved(event: PointerSample): void
  /** The pointer left the frame (or the frame's document). */
  left(): void
  /** Since when the pointer rests in the frame at the frame offset of `event`; undefined if not. */
  restingSince(event: PointerSample): number | undefined
  /** Since when the pointer rests in the frame at its latest offset; undefined while outside. */
  since(): number | undefined
  /** Called whenever the rest starts again or ends. */
  onChange(listener: () => void): void
}

const offsetOf = (event: PointerSample) => `${event.screenX - event.clientX},${event.screenY - event.clientY}`

export function createPointerRest(): PointerRest {
  let offset: string | undefined
  let since: number | undefined
  let changed = () => {}
  return {
    moved(event) {
      const next = offsetOf(event)
      if (next === offset && since !== undefined) return
      offset = next
      since = event.timeStamp
      changed()
    },
    left() {
      if (since === undefined) return
      offset = undefined
      since = undefined
      changed()
    },
    restingSince(event) {
      return offsetOf(event) === offset ? since : undefined
    },
    since: () => since,
    onChange(listener) {
      changed = listener
    },
  }
}

/** Feeds a PointerRest from the frame document's own pointer events; returns the unsubscribe. */
export function trackPointer(doc: Document, rest: PointerRest): () => void {
  const onMove = (event: PointerEvent) => rest.moved(event)
  const onLeave = () => rest.left()
  doc.addEventListener('pointermove', onMove, true)
  doc.addEventListener('pointerdown', onMove, true)
  doc.documentElement.addEventListener('pointerleave', onLeave)
  return () => {
    doc.removeEventListener('pointermove', onMove, true)
    doc.removeEventListener('pointerdown', onMove, true)
    doc.documentElement.removeEventListener('pointerleave', onLeave)
  }
}
