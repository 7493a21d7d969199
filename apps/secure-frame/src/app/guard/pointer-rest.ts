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

interface Offset {
  x: number
  y: number
}

const offsetOf = (event: PointerSample): Offset => ({
  x: event.screenX - event.clientX,
  y: event.screenY - event.clientY,
})

/**
 * The same frame position: pointer events carry fractional coordinates, a click's are whole pixels,
 * so the two differ by under a pixel without any move.
 */
const samePlace = (a: Offset | undefined, b: Offset) =>
  a !== undefined && Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1

export function createPointerRest(): PointerRest {
  let offset: Offset | undefined
  let since: number | undefined
  let changed = () => {}
  return {
    moved(event) {
      const next = offsetOf(event)
      if (samePlace(offset, next) && since !== undefined) return
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
      return samePlace(offset, offsetOf(event)) ? since : undefined
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
