import { type ComponentType, type ReactElement, useEffect, useState } from 'react'

export type LazyView = ComponentType & { preload(): Promise<void> }

/**
 * A view in its own chunk (ARCHITECTURE.md: features are lazy chunks), so the modal's first paint
 * carries only the views it can open on. `preload` fetches it ahead of need (the modal does so once
 * the host said hello); until it has arrived the view renders nothing rather than a spinner.
 */
export function lazyView(load: () => Promise<ComponentType>): LazyView {
  let loaded: ComponentType | undefined
  let loading: Promise<void> | undefined
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component
    })
    return loading
  }
  function Lazy(): ReactElement | null {
    const [, rerender] = useState(0)
    useEffect(() => {
      if (!loaded) void preload().then(() => rerender(1))
    }, [])
    const View = loaded
    return View ? <View /> : null
  }
  return Object.assign(Lazy, { preload })
}
