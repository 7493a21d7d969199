/** Window geometry of the modal's popups (the social login, the on-ramp checkout). */
export interface PopupGeometry {
  readonly screenX: number
  readonly screenY: number
  readonly outerWidth: number
  readonly outerHeight: number
}

/** The window's features: a popup of the given size, centred on the browser window. */
export function popupFeatures(host: PopupGeometry, width: number, height: number): string {
  const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - height) / 2))
  return `popup,width=${width},height=${height},left=${left},top=${top}`
}

export type PopupWindow = Pick<Window, 'closed' | 'close' | 'focus'> & { location: { href: string } }

/** The window popups are opened from (the modal's `window`; tests pass a fake). */
export interface PopupOpener extends PopupGeometry {
  open(url: string, target: string, features: string): PopupWindow | null
}

export interface OpenedPopup {
  readonly window: PopupWindow
  /** Sends the window to `url`. */
  navigate(url: string): void
  /** The user closed it (or it closed itself); a closed window sends no event, so this is polled. */
  closed(): boolean
  close(): void
}

/**
 * Opens an empty popup, to be sent to its page later: call it in the click handler, before any
 * await, as a popup needs the click's activation. Undefined when the browser blocked it.
 */
export function openEmptyPopup(
  host: PopupOpener,
  target: string,
  width: number,
  height: number,
): OpenedPopup | undefined {
  let popup: PopupWindow | null = null
  try {
    popup = host.open('', target, popupFeatures(host, width, height))
  } catch {
    popup = null
  }
  if (!popup) return undefined
  const win = popup
  win.focus()
  return {
    window: win,
    navigate(url) {
      win.location.href = url
    },
    closed: () => win.closed,
    close() {
      if (!win.closed) win.close()
    },
  }
}
