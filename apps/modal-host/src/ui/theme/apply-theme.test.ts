import { describe, expect, it } from 'vitest'
import { applyTheme } from './apply-theme.ts'

function fakeRoot() {
  const properties = new Map<string, string>()
  const root = {
    dataset: {} as Record<string, string>,
    style: { setProperty: (name: string, value: string) => properties.set(name, value) },
  }
  return { root: root as unknown as HTMLElement, dataset: root.dataset, properties }
}

describe('applyTheme', () => {
  it('applies the spec §2 defaults: 10px font, 4px radius, 0% colour mix', () => {
    const { root, dataset, properties } = fakeRoot()
    applyTheme(root, 'dark', {})
    expect(dataset.theme).toBe('dark')
    expect(Object.fromEntries(properties)).toEqual({
      '--wf-font-size-master': '10px',
      '--wf-border-radius-master': '4px',
      '--wf-color-mix-strength': '0%',
    })
  })
  it("applies the integrator's theme variables and mode", () => {
    const { root, dataset, properties } = fakeRoot()
    applyTheme(root, 'light', {
      '--wf-accent': '#ff0066',
      '--wf-font-family': 'Georgia, serif',
      '--wf-color-mix': '#00ff00',
      '--wf-color-mix-strength': 40,
      '--wf-border-radius-master': '2px',
    })
    expect(dataset.theme).toBe('light')
    expect(properties.get('--wf-accent')).toBe('#ff0066')
    expect(properties.get('--wf-font-family')).toBe('Georgia, serif')
    expect(properties.get('--wf-color-mix')).toBe('#00ff00')
    expect(properties.get('--wf-color-mix-strength')).toBe('40%')
    expect(properties.get('--wf-border-radius-master')).toBe('2px')
  })
})
