import * as z from 'zod/mini'

export const ThemeModeSchema = z.enum(['light', 'dark'])
export type ThemeMode = z.infer<typeof ThemeModeSchema>

const cssValue = z.string().check(z.maxLength(200), z.regex(/^[^;{}<>]*$/))

/** Theme variables an integrator may set; each maps to a CSS custom property in the modal. */
export const ThemeVariablesSchema = z.object({
  '--wf-font-family': z.optional(cssValue),
  '--wf-accent': z.optional(cssValue),
  '--wf-color-mix': z.optional(cssValue),
  '--wf-color-mix-strength': z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  '--wf-font-size-master': z.optional(cssValue),
  '--wf-border-radius-master': z.optional(cssValue),
  '--wf-z-index': z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647))),
})
export type ThemeVariables = z.infer<typeof ThemeVariablesSchema>
