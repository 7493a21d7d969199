/** A USD figure with 2 decimals (spec §9 token totals), floored; below a cent shows as `< $0.01`. */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '< $0.01'
  const floored = Math.floor(value * 100) / 100
  return `$${floored.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
