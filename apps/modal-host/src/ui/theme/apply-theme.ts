import { THEME_DEFAULTS, type ThemeMode, type ThemeVariables } from '@walletframe/protocol'

/** Applies the mode and the integrator's theme variables (spec §2 theme defaults) to the document. */
export function applyTheme(root: HTMLElement, mode: ThemeMode, variables: ThemeVariables): void {
  root.dataset.theme = mode
  const values: Record<string, string> = {
    '--wf-font-size-master': variables['--wf-font-size-master'] ?? THEME_DEFAULTS.fontSizeMaster,
    '--wf-border-radius-master': variables['--wf-border-radius-master'] ?? THEME_DEFAULTS.borderRadiusMaster,
    '--wf-color-mix-strength': `${variables['--wf-color-mix-strength'] ?? THEME_DEFAULTS.colorMixStrength}%`,
  }
  if (variables['--wf-font-family']) values['--wf-font-family'] = variables['--wf-font-family']
  if (variables['--wf-accent']) values['--wf-accent'] = variables['--wf-accent']
  if (variables['--wf-color-mix']) values['--wf-color-mix'] = variables['--wf-color-mix']
  for (const [name, value] of Object.entries(values)) root.style.setProperty(name, value)
}
