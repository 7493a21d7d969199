/** Amounts of the Swap view: typed decimals to base units and back, and spec §9's slippage. */
import { SWAP_SLIPPAGE_PERCENT } from '@walletframe/protocol'
import { floorUnits } from '../../ui/format/amount.ts'
import { ENGLISH, type Translator } from '../../ui/i18n/translator.ts'

/**
 * A typed amount ("1", "0.5", ".25") in base units of a token with `decimals`; undefined for text
 * that is no amount, or has more decimals than the token.
 */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const match = /^([0-9]*)(?:\.([0-9]*))?$/.exec(text.trim())
  if (!match || text.trim() === '' || text.trim() === '.') return undefined
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) return undefined
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/** The least the swap pays out at spec §9's slippage: what the API's transaction enforces. */
export function minimumReceived(toAmount: bigint, slippagePercent = SWAP_SLIPPAGE_PERCENT): bigint {
  const bps = BigInt(Math.round(slippagePercent * 100))
  return (toAmount * (10_000n - bps)) / 10_000n
}

/** The typed-in form of an amount (Max): floored to 6 decimals, no separators, no trailing zeros. */
export const editableAmount = (value: bigint, decimals: number): string =>
  floorUnits(value, decimals, 6).replace(/(\.\d*?[1-9])0+$|\.0+$/, '$1')

/** Base units as the view shows them: `editableAmount`, grouped in the view's locale. */
export const formatSwapAmount = (
  value: bigint,
  decimals: number,
  format: Pick<Translator, 'decimal'> = ENGLISH,
): string => format.decimal(editableAmount(value, decimals))
