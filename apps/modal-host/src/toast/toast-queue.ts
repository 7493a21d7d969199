/**
 * Toasts (spec §4): one at a time; a new message replaces an open one after a 150 ms pause;
 * auto-closes; debug-style messages only when debug is on. Timers are injected for tests.
 */
import { TIME } from '@walletframe/protocol'

export type ToastVariant = 'loading' | 'success' | 'error' | 'info'

export interface Toast {
  id: number
  variant: ToastVariant
  message: string
}

export interface ToastQueueOptions {
  debug: boolean
  onChange: (toast: Toast | undefined) => void
  log?: (message: string) => void
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export function createToastQueue(options: ToastQueueOptions) {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  let current: Toast | undefined
  let nextId = 0
  let pending: unknown
  let autoClose: unknown

  const show = (toast: Toast, autoCloseMs: number | undefined) => {
    current = toast
    options.onChange(current)
    if (autoCloseMs !== undefined) autoClose = setTimer(() => hide(toast.id), autoCloseMs)
  }
  const hide = (id?: number) => {
    if (!current || (id !== undefined && current.id !== id)) return
    current = undefined
    options.onChange(undefined)
  }

  return {
    /** Shows a message; `loading` toasts stay until replaced or hidden. */
    show(variant: ToastVariant, message: string) {
      const toast = { id: ++nextId, variant, message }
      const autoCloseMs = variant === 'loading' ? undefined : TIME.toastDurationMs
      clearTimer(pending)
      clearTimer(autoClose)
      if (!current) return show(toast, autoCloseMs)
      hide()
      pending = setTimer(() => show(toast, autoCloseMs), TIME.toastSwapDelayMs)
    },
    /** A debug message: always logged in full, shown (as info) only when debug is on. */
    debug(message: string) {
      options.log?.(message)
      if (options.debug) this.show('info', message)
    },
    hide,
    get current() {
      return current
    },
  }
}
export type ToastQueue = ReturnType<typeof createToastQueue>
