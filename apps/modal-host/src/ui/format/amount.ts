/**
 * Formats a base-unit integer amount, floored (never rounded up) to `maxDecimals` digits,
 * without passing through floating point, so large balances stay exact.
 */
export function formatUnitsFloored(value: bigint, decimals: number, maxDecimals: number): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = abs % base
  const shown = decimals > maxDecimals ? fraction / 10n ** BigInt(decimals - maxDecimals) : fraction
  const digits = Math.min(decimals, maxDecimals)
  const fractionText = digits > 0 ? shown.toString().padStart(digits, '0') : ''
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${wholeText}${fractionText ? `.${fractionText}` : ''}`
}
