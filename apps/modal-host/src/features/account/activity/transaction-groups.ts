/**
 * The Activity list (spec §4 "Transaction list", §5 "Sign-in and transactions"): only the connected
 * chain, spam-only transactions hidden, a repeated id replaces the earlier entry, grouped by year
 * then month, newest first. Pure: pages are merged here as they arrive.
 */
import type { Transaction } from '@walletframe/protocol'

export interface MonthGroup {
  /** `2026-11` */
  key: string
  year: number
  /** 0-11 */
  month: number
  transactions: Transaction[]
}

export interface YearGroup {
  year: number
  months: MonthGroup[]
}

/** A transaction is hidden when every transfer in it is a spam NFT. */
export function isSpamOnly(transaction: Transaction): boolean {
  return (
    transaction.transfers.length > 0 && transaction.transfers.every((t) => t.nft_info?.flags.is_spam === true)
  )
}

/** Adds a page to what is known: a repeated id replaces the earlier entry (in place of it). */
export function mergeTransactions(
  known: readonly Transaction[],
  page: readonly Transaction[],
): Transaction[] {
  const byId = new Map(known.map((transaction) => [transaction.id, transaction]))
  for (const transaction of page) byId.set(transaction.id, transaction)
  return [...byId.values()]
}

export function groupTransactions(transactions: readonly Transaction[], caipNetworkId: string): YearGroup[] {
  const shown = transactions
    .filter((t) => t.metadata.chain === caipNetworkId && !isSpamOnly(t))
    .map((t) => ({ t, at: Date.parse(t.metadata.minedAt) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => b.at - a.at)
  const years: YearGroup[] = []
  for (const { t, at } of shown) {
    const date = new Date(at)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    let yearGroup = years.at(-1)
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] }
      years.push(yearGroup)
    }
    let monthGroup = yearGroup.months.at(-1)
    if (monthGroup?.month !== month) {
      monthGroup = { key: `${year}-${String(month + 1).padStart(2, '0')}`, year, month, transactions: [] }
      yearGroup.months.push(monthGroup)
    }
    monthGroup.transactions.push(t)
  }
  return years
}
