import { RELATIVE_TIME_THRESHOLDS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time.ts'

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0)
const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const ago = (ms: number, locale = 'en') => formatRelativeTime(NOW - ms, NOW, locale)

describe('formatRelativeTime: spec §9 relative-time thresholds, at each boundary', () => {
  it('uses the classic thresholds, kept in packages/protocol', () => {
    expect(RELATIVE_TIME_THRESHOLDS).toEqual({ seconds: 45, minutes: 45, hours: 22, days: 26, months: 11 })
  })

  it('seconds up to 44 s; a minute from 45 s to 89 s; then minutes', () => {
    expect(ago(0)).toBe('now')
    expect(ago(44 * SECOND)).toBe('44 seconds ago')
    expect(ago(45 * SECOND)).toBe('1 minute ago')
    expect(ago(89 * SECOND)).toBe('1 minute ago')
    expect(ago(90 * SECOND)).toBe('2 minutes ago')
  })

  it('minutes up to 44 min; an hour from 45 min to 89 min; then hours', () => {
    expect(ago(44 * MINUTE)).toBe('44 minutes ago')
    expect(ago(45 * MINUTE)).toBe('1 hour ago')
    expect(ago(89 * MINUTE)).toBe('1 hour ago')
    expect(ago(90 * MINUTE)).toBe('2 hours ago')
  })

  it('hours up to 21 h; a day from 22 h to 35 h; then days', () => {
    expect(ago(21 * HOUR)).toBe('21 hours ago')
    expect(ago(22 * HOUR)).toBe('1 day ago')
    expect(ago(35 * HOUR)).toBe('1 day ago')
    expect(ago(36 * HOUR)).toBe('2 days ago')
  })

  it('days up to 25; a month from 26 days to 45; then months', () => {
    expect(ago(25 * DAY)).toBe('25 days ago')
    expect(ago(26 * DAY)).toBe('1 month ago')
    expect(ago(45 * DAY)).toBe('1 month ago')
    expect(ago(46 * DAY)).toBe('2 months ago')
  })

  it('months up to 10; a year from 11 months; then years', () => {
    expect(ago(319 * DAY)).toBe('10 months ago')
    expect(ago(320 * DAY)).toBe('1 year ago')
    expect(ago(3 * 365 * DAY)).toBe('3 years ago')
  })

  it("speaks the user's locale, and reads a time ahead of the clock as now", () => {
    expect(ago(5 * MINUTE, 'de')).toBe('vor 5 Minuten')
    expect(ago(2 * HOUR, 'fr')).toBe('il y a 2 heures')
    expect(formatRelativeTime(NOW + 5 * MINUTE, NOW, 'en')).toBe('now')
  })
})
