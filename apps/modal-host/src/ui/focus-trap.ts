const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** Keeps Tab and Shift+Tab inside `container` (role=dialog must not let focus escape). */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null,
  )
  if (items.length === 0) {
    event.preventDefault()
    container.focus()
    return
  }
  const first = items[0]!
  const last = items[items.length - 1]!
  const active = document.activeElement
  const outside = active === container || !container.contains(active)
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
  }
}

/** Focuses the dialog itself (tabIndex -1): screen readers announce it, and Tab reaches its first control. */
export function focusDialog(container: HTMLElement): void {
  container.focus({ preventScroll: true })
}
