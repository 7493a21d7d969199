/** A minimal external store for React's useSyncExternalStore: immutable snapshots, shallow merge. */
export interface Store<T> {
  get(): T
  set(patch: Partial<T> | ((state: T) => Partial<T>)): void
  subscribe(listener: () => void): () => void
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch
      state = { ...state, ...next }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Runs `run` once, as soon as `holds` is true of the state (at once if it already is). */
export function whenState<T>(store: Store<T>, holds: (state: T) => boolean, run: () => void): void {
  if (holds(store.get())) {
    run()
    return
  }
  const stop = store.subscribe(() => {
    if (!holds(store.get())) return
    stop()
    run()
  })
}
