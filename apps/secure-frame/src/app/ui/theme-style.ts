/** The clamped approval theme (theme/approval-theme.ts) as CSS custom properties on the root. */
import type { ThemeMode, ThemeVariables } from '@walletframe/protocol'
import { approvalTheme } from '../theme/approval-theme.ts'

export function applyTheme(root: HTMLElement, mode: ThemeMode, variables: ThemeVariables): void {
  const theme = approvalTheme(mode, variables)
  const properties: Record<string, string> = {
    '--kf-bg': theme.background,
    '--kf-fg': theme.foreground,
    '--kf-muted': theme.muted,
    '--kf-surface': theme.surface,
    '--kf-border': theme.border,
    '--kf-accent': theme.accent,
    '--kf-on-accent': theme.onAccent,
    '--kf-font-size': `${theme.fontSizePx}px`,
    '--kf-radius': `${theme.radiusPx}px`,
  }
  // Through the CSSOM: the key server's CSP allows no inline style attributes in markup.
  for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value)
  root.style.colorScheme = mode
}
