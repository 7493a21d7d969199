import { contrastRatio, parseColor } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { applyTheme, readableTheme } from './apply-theme.ts'

function fakeRoot() {
  const properties = new Map<string, string>()
  const root = {
    dataset: {} as Record<string, string>,
    style: {
      setProperty: (name: string, value: string) => properties.set(name, value),
      removeProperty: (name: string) => properties.delete(name),
    },
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
    applyTheme(root, 'dark', {
      '--wf-accent': '#ff0066',
      '--wf-font-family': 'Georgia, serif',
      '--wf-color-mix': '#000000',
      '--wf-color-mix-strength': 40,
      '--wf-border-radius-master': '2px',
    })
    expect(dataset.theme).toBe('dark')
    expect(properties.get('--wf-accent')).toBe('#ff0066')
    expect(properties.get('--wf-font-family')).toBe('Georgia, serif')
    expect(properties.get('--wf-color-mix')).toBe('#000000')
    expect(properties.get('--wf-color-mix-strength')).toBe('40%')
    expect(properties.get('--wf-border-radius-master')).toBe('2px')
  })

  it('clamps the font-size master to 9–14 px, and ignores a size it cannot read', () => {
    const size = (value: string) =>
      readableTheme('dark', { '--wf-font-size-master': value })['--wf-font-size-master']
    const asked = ['0', '0px', '12px', '400px', '0.1rem', 'calc(0px)']
    expect(asked.map(size)).toEqual(['9px', '9px', '12px', '14px', '10px', '10px'])
  })

  it('never mixes in a colour it cannot read (transparent, names, var())', () => {
    for (const mix of ['transparent', 'rgba(0,0,0,0)', 'var(--x)', 'white'])
      for (const mode of ['dark', 'light'] as const) {
        const values = readableTheme(mode, { '--wf-color-mix': mix, '--wf-color-mix-strength': 100 })
        expect(values['--wf-color-mix-strength'], `${mix} ${mode}`).toBe('0%')
        expect(values['--wf-color-mix']).toBeUndefined()
      }
  })

  it('weakens a colour mix until the text keeps 4.5:1 on every background', () => {
    // White mixed fully into the dark theme would put white text on white.
    const dark = readableTheme('dark', { '--wf-color-mix': '#ffffff', '--wf-color-mix-strength': 100 })
    const strength = Number.parseInt(dark['--wf-color-mix-strength']!, 10)
    expect(strength).toBeGreaterThan(0)
    expect(strength).toBeLessThan(100)
    const surface = parseColor('#292a31')!.map((c) =>
      Math.round(255 * (strength / 100) + c * (1 - strength / 100)),
    )
    expect(contrastRatio(parseColor('#f4f4f6')!, surface as [number, number, number])).toBeGreaterThanOrEqual(
      4.5,
    )
    // A mix that keeps contrast is applied as asked.
    const mild = readableTheme('dark', { '--wf-color-mix': '#000080', '--wf-color-mix-strength': 30 })
    expect(mild['--wf-color-mix-strength']).toBe('30%')
  })

  it('keeps the default accent when the requested one does not stand out from the background', () => {
    expect(readableTheme('dark', { '--wf-accent': '#16171b' })['--wf-accent']).toBeUndefined()
    expect(readableTheme('light', { '--wf-accent': '#ffffff' })['--wf-accent']).toBeUndefined()
    expect(readableTheme('light', { '--wf-accent': 'transparent' })['--wf-accent']).toBeUndefined()
    expect(readableTheme('dark', { '--wf-accent': '#ff0066' })['--wf-accent']).toBe('#ff0066')
  })

  it('re-clamps on a mode switch: an accent fit for one mode is dropped in the other', () => {
    const { root, properties } = fakeRoot()
    applyTheme(root, 'dark', { '--wf-accent': '#eeeeee' })
    expect(properties.get('--wf-accent')).toBe('#eeeeee')
    applyTheme(root, 'light', { '--wf-accent': '#eeeeee' })
    expect(properties.has('--wf-accent')).toBe(false)
  })
})
