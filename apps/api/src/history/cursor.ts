/**
 * The history page cursor: where the previous page ended in the page order
 * (mined_at, chain id, block, transaction index — all descending). Across chains block numbers
 * do not compare, so the time comes first and the rest only breaks ties. Opaque to clients:
 * base64url of `h1.<minedAt>.<chainId>.<block>.<txIndex>`; the version prefix lets the format change.
 */
export interface HistoryPosition {
  minedAt: number
  chainId: number
  block: number
  txIndex: number
}

const FORMAT = /^h1\.(\d{1,16})\.(\d{1,16})\.(\d{1,16})\.(\d{1,9})$/

export function encodeCursor(position: HistoryPosition): string {
  const text = `h1.${position.minedAt}.${position.chainId}.${position.block}.${position.txIndex}`
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** The position, or undefined for anything this server did not produce. */
export function decodeCursor(cursor: string): HistoryPosition | undefined {
  const match = FORMAT.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) return undefined
  const [minedAt, chainId, block, txIndex] = match.slice(1).map(Number) as [number, number, number, number]
  if (![minedAt, chainId, block, txIndex].every(Number.isSafeInteger)) return undefined
  const position = { minedAt, chainId, block, txIndex }
  // Only the canonical spelling: no leading zeros, no trailing base64 bits smuggled in.
  return encodeCursor(position) === cursor ? position : undefined
}
