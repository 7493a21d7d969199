import * as z from 'zod/mini'

export const ThemeModeSchema = z.enum(['light', 'dark'])
export type ThemeMode = z.infer<typeof ThemeModeSchema>

const cssValue = z.string().check(z.maxLength(200), z.regex(/^[^;{}<>]*$/))

/** Theme variables an integrator may set; each maps to a CSS custom property in the modal. */
export const ThemeVariablesSchema = z.object({
  /** The modal's font stack (CSS `font-family`). @default the system UI font */
  '--wf-font-family': z.optional(cssValue),
  /** Buttons, links and focus rings: `#hex` or `rgb()`, used only when it stands out from the background (3:1). */
  '--wf-accent': z.optional(cssValue),
  /** A colour (`#hex` or `rgb()`) blended into every background. */
  '--wf-color-mix': z.optional(cssValue),
  /** How much of `--wf-color-mix` (percent), lowered until every text keeps WCAG AA contrast. @default `0` */
  '--wf-color-mix-strength': z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  /** The base font size in px, clamped to 9–14 px. @default `'10px'` */
  '--wf-font-size-master': z.optional(cssValue),
  /** The base corner radius. @default `'4px'` */
  '--wf-border-radius-master': z.optional(cssValue),
  /** The overlay frame's z-index in the host page. @default `999` */
  '--wf-z-index': z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647))),
})
export type ThemeVariables = z.infer<typeof ThemeVariablesSchema>
