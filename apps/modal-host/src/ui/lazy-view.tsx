import { type ReactElement, useEffect, useState } from 'react'

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
  const [, rerender] = useState(0)
  useEffect(() => {
    if (!view.loaded) void view.preload().then(() => rerender(1))
  }, [view])
  const View = view.loaded
  return View ? <View /> : null
}
