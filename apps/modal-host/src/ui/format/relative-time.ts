import { RELATIVE_TIME_THRESHOLDS } from '@walletframe/protocol'

const SECOND_MS = 1_000
/** Moment's month: 400 years hold 146,097 days and 4,800 months. */
const DAYS_PER_MONTH = 146_097 / 4_800
const MONTHS_PER_YEAR = 12

/** The unit and rounded count of a past duration, by the spec §9 thresholds. */
export function relativeTimeParts(elapsedMs: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const { seconds: s, minutes: m, hours: h, days: d, months: mo } = RELATIVE_TIME_THRESHOLDS
  const seconds = Math.round(Math.max(0, elapsedMs) / SECOND_MS)
  const minutes = Math.round(seconds / 60)
  const hours = Math.round(minutes / 60)
  const days = Math.round(hours / 24)
  const months = Math.round(days / DAYS_PER_MONTH)
  const years = Math.round(months / MONTHS_PER_YEAR)
  // Each unit's count is at least 1 once it takes over: 45–89 s is "1 minute", not "0" or "2".
  if (seconds < s) return { value: seconds, unit: 'second' }
  if (minutes < m) return { value: Math.max(1, minutes), unit: 'minute' }
  if (hours < h) return { value: Math.max(1, hours), unit: 'hour' }
  if (days < d) return { value: Math.max(1, days), unit: 'day' }
  if (months < mo) return { value: Math.max(1, months), unit: 'month' }
  return { value: Math.max(1, years), unit: 'year' }
}

/**
 * "3 minutes ago" in the user's locale (`Intl.RelativeTimeFormat`; `locale` undefined is the
 * browser's). A time in the future (a clock ahead of ours) reads as now.
 */
export function formatRelativeTime(at: number, now: number, locale?: string | readonly string[]): string {
  const { value, unit } = relativeTimeParts(now - at)
  // 'auto' only for 0 s ("now"); elsewhere "1 day ago", never "yesterday" for a time 22 h back.
  const numeric = value === 0 ? 'auto' : 'always'
  return new Intl.RelativeTimeFormat(locale as string[] | undefined, { numeric }).format(-value, unit)
}
