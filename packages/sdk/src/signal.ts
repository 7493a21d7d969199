/** A value that tells its subscribers when it changes (modal state, account). */
export interface Signal<T> {
  get(): T
  set(value: T): void
  subscribe(callback: (value: T) => void): () => void
}

export function createSignal<T>(value: T): Signal<T> {
  const subscribers = new Set<(value: T) => void>()
  return {
    get: () => value,
    set(next) {
      value = next
      for (const callback of subscribers) deliver(callback, next)
    },
    subscribe(callback) {
      subscribers.add(callback)
      return () => subscribers.delete(callback)
    },
  }
}

/**
 * Calls an integrator's callback. If it throws, the error is reported asynchronously, so one bad
 * callback neither stops the others nor breaks the channel message that triggered it.
 */
export function deliver<T>(callback: (value: T) => void, value: T): void {
  try {
    callback(value)
  } catch (error) {
    setTimeout(() => {
      throw error
    })
  }
}
