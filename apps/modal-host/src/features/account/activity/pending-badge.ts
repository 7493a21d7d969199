/**
 * The pending-transactions badge of the Activity tab (spec §9 "Pending transactions limit 99"):
 * how many of the known transactions on the connected chain are still pending, shown as "99+"
 * past the limit.
 */
import { LIMITS, type Transaction } from '@walletframe/protocol'

export function pendingCount(transactions: readonly Transaction[], caipNetworkId: string): number {
  return transactions.filter((t) => t.metadata.status === 'pending' && t.metadata.chain === caipNetworkId)
    .length
}

/** The badge's text: none for 0, the count up to the limit, then "99+". */
export function pendingBadgeLabel(
  count: number,
  number: (value: number) => string = String,
): string | undefined {
  if (count <= 0) return undefined
  return count > LIMITS.pendingTransactions ? `${number(LIMITS.pendingTransactions)}+` : number(count)
}
