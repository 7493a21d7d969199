/**
 * The long-polls of the key frame ("connect device", "connect farcaster"): read the state, and while
 * it is not final, wait for a same-process event named `key` or for the recheck interval (another
 * process may change the row in a shared Postgres), until `ms` have passed or the request is gone.
 */

// Another process may change the row (a shared Postgres): the database is checked this often.
const RECHECK_MS = 1_000

export interface LongPoll<T> {
  /** Wakes the poll at once: the process that changed the row dispatches `new Event(key)`. */
  events: EventTarget
  key: string
  ms: number
  signal: AbortSignal
  read: () => Promise<T>
  /** Final states end the poll at once. */
  done: (state: T) => boolean
}

/** The last state read: final, or whatever it was when the time ran out or the request was aborted. */
export async function longPoll<T>({ events, key, ms, signal, read, done }: LongPoll<T>): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const state = await read()
    const left = deadline - Date.now()
    if (done(state) || left <= 0 || signal.aborted) return state
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        events.removeEventListener(key, wake)
        signal.removeEventListener('abort', wake)
        resolve()
      }
      const timer = setTimeout(wake, Math.min(left, RECHECK_MS))
      events.addEventListener(key, wake)
      signal.addEventListener('abort', wake)
    })
  }
}
