import { type ReactElement, useLayoutEffect, useReducer } from 'react'

/**
 * A view in its own chunk (ARCHITECTURE.md: features are lazy chunks), so the modal's first paint
 * carries only the views it can open on. `preload` fetches it ahead of need (the modal does so once
 * the frame is idle); `<LazyView view={…} />` renders it, or nothing until it has arrived.
 */
export interface LazyViewChunk {
  preload(): Promise<void>
  readonly loaded: (() => ReactElement | null) | undefined
}

export function lazyChunk(load: () => Promise<() => ReactElement | null>): LazyViewChunk {
  let loaded: (() => ReactElement | null) | undefined
  let loading: Promise<void> | undefined
  return {
    preload() {
      loading ??= load().then((component) => {
        loaded = component
      })
      return loading
    },
    get loaded() {
      return loaded
    },
  }
}

export function LazyView({ view }: { view: LazyViewChunk }): ReactElement | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  // A layout effect, in the task that mounted the view: an effect waits for the next frame, and a
  // view mounted while the modal's frame was being shown again missed its chunk's arrival (the
  // Swap view stayed empty in 1 of 4 e2e runs).
  useLayoutEffect(() => {
    let mounted = true
    if (!view.loaded) void view.preload().then(() => mounted && rerender())
    return () => {
      mounted = false
    }
  }, [view])
  const View = view.loaded
  return View ? <View /> : null
}
