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
