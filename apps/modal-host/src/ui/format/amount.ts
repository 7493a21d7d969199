/**
 * A base-unit integer amount as a plain decimal string (`-1234.500`), floored (never rounded up) to
 * `maxDecimals` digits, without passing through floating point, so large balances stay exact. A
 * view shows it through its locale's `decimal` (ui/i18n); machine uses (an input's text) take it as is.
 */
export function floorUnits(value: bigint, decimals: number, maxDecimals: number): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = abs % base
  const shown = decimals > maxDecimals ? fraction / 10n ** BigInt(decimals - maxDecimals) : fraction
  const digits = Math.min(decimals, maxDecimals)
  const fractionText = digits > 0 ? shown.toString().padStart(digits, '0') : ''
  return `${negative ? '-' : ''}${whole}${fractionText ? `.${fractionText}` : ''}`
}
