import { contrastRatio, parseColor } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { approvalTheme } from './approval-theme.ts'

const rgb = (text: string) => parseColor(text.replace(/^rgb/, 'rgb'))!

describe('the approval theme', () => {
  it('is dark by default palette-wise and light on request', () => {
    expect(approvalTheme('dark').background).toBe('#141414')
    expect(approvalTheme('light').background).toBe('#ffffff')
  })

  it('clamps the font size between 12 and 20 px', () => {
    expect(approvalTheme('dark', { '--wf-font-size-master': '2px' }).fontSizePx).toBe(12)
    expect(approvalTheme('dark', { '--wf-font-size-master': '10px' }).fontSizePx).toBe(12)
    expect(approvalTheme('dark', { '--wf-font-size-master': '16px' }).fontSizePx).toBe(16)
    expect(approvalTheme('dark', { '--wf-font-size-master': '96px' }).fontSizePx).toBe(20)
    expect(approvalTheme('dark', { '--wf-font-size-master': 'calc(1px)' }).fontSizePx).toBe(14)
  })

  it('keeps an accent with 4.5:1 contrast against the background', () => {
    const theme = approvalTheme('light', { '--wf-accent': '#8b0000' })
    expect(theme.accent).toBe('rgb(139, 0, 0)')
    expect(theme.onAccent).toBe('#ffffff')
  })

  it('refuses an accent that would not read, and one it cannot parse', () => {
    const fallback = approvalTheme('light').accent
    expect(approvalTheme('light', { '--wf-accent': '#fefefe' }).accent).toBe(fallback)
    expect(approvalTheme('dark', { '--wf-accent': '#151515' }).accent).toBe(approvalTheme('dark').accent)
    expect(approvalTheme('light', { '--wf-accent': 'var(--x)' }).accent).toBe(fallback)
    expect(approvalTheme('light', { '--wf-accent': 'rgb(999, 0, 0)' }).accent).toBe(fallback)
  })

  it('gives defaults that meet the contrast rule themselves', () => {
    for (const mode of ['dark', 'light'] as const) {
      const theme = approvalTheme(mode)
      expect(contrastRatio(rgb(theme.accent), parseColor(theme.background)!)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(rgb(theme.accent), parseColor(theme.onAccent)!)).toBeGreaterThanOrEqual(4.5)
      expect(
        contrastRatio(parseColor(theme.foreground)!, parseColor(theme.background)!),
      ).toBeGreaterThanOrEqual(7)
    }
  })

  it('bounds the corner radius', () => {
    expect(approvalTheme('dark', { '--wf-border-radius-master': '400px' }).radiusPx).toBe(16)
  })
})
