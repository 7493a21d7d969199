import {
  API_LIMITS,
  type HistoryResponse,
  type OperationType,
  type Transaction,
  type TransactionTransfer,
} from '@walletframe/protocol'
import { formatUnits, getAddress } from 'viem'
import { ZERO_ADDRESS } from '../chain/erc.ts'
import type { Hex } from '../config.ts'
import type { ApiContext } from '../context.ts'
import { encodeCursor, type HistoryPosition } from './cursor.ts'

/** One transfer of a page's transaction, with the transaction's own fields. */
interface Row {
  chain_id: number
  block_number: number
  tx_index: number
  mined_at: number
  tx_hash: string
  tx_from: string
  tx_to: string | null
  nonce: number
  status: 'confirmed' | 'failed'
  log_index: number
  standard: 'native' | 'erc20' | 'erc721'
  token: string | null
  from_address: string
  to_address: string
  amount: string
  token_id: string | null
  token_uri: string | null
  token_name: string | null
  token_symbol: string | null
  token_decimals: number | null
}

export interface HistoryRequest {
  account: Hex
  chainId?: number | undefined
  after?: HistoryPosition | undefined
  limit?: number
}

/**
 * One page of the account's history, newest first, in one query: the page's transactions from
 * account_activity (one index range scan, however long the history), joined to their transfers
 * that involve the account. One query rather than two: PGlite plans every statement anew, and
 * planning costs more than running these.
 */
export async function readHistoryPage(
  context: ApiContext,
  request: HistoryRequest,
): Promise<HistoryResponse> {
  const limit = request.limit ?? API_LIMITS.historyPageSize
  const params: Array<string | number> = [request.account]
  let where = 'account = $1'
  if (request.chainId !== undefined) {
    params.push(request.chainId)
    where += ` AND chain_id = $${params.length}`
  }
  if (request.after) {
    const { minedAt, chainId, block, txIndex } = request.after
    params.push(minedAt, chainId, block, txIndex)
    const n = params.length
    where += ` AND (mined_at, chain_id, block_number, tx_index) < ($${n - 3}, $${n - 2}, $${n - 1}, $${n})`
  }
  // One more than a page: whether it exists decides `next`.
  params.push(limit + 1)
  const rows = await context.db.query<Row>(
    `WITH page AS (
       SELECT chain_id, block_number, tx_index, mined_at, tx_hash FROM account_activity
        WHERE ${where}
        ORDER BY mined_at DESC, chain_id DESC, block_number DESC, tx_index DESC
        LIMIT $${params.length})
     SELECT p.chain_id, p.block_number, p.tx_index, p.mined_at, p.tx_hash,
            t.from_address AS tx_from, t.to_address AS tx_to, t.nonce, t.status,
            f.log_index, f.standard, f.token, f.from_address, f.to_address, f.amount::text AS amount,
            f.token_id::text AS token_id, f.token_uri,
            k.name AS token_name, k.symbol AS token_symbol, k.decimals AS token_decimals
       FROM page p
       JOIN transactions t ON t.chain_id = p.chain_id AND t.tx_hash = p.tx_hash
       JOIN transfers f ON f.chain_id = p.chain_id AND f.tx_hash = p.tx_hash
                       AND (f.from_address = $1 OR f.to_address = $1)
       LEFT JOIN tokens k ON k.chain_id = f.chain_id AND k.address = f.token
      ORDER BY p.mined_at DESC, p.chain_id DESC, p.block_number DESC, p.tx_index DESC, f.log_index < 0 DESC, abs(f.log_index)`,
    params,
  )
  const transactions: Row[][] = []
  for (const row of rows) {
    const current = transactions.at(-1)
    if (current && current[0]!.chain_id === row.chain_id && current[0]!.tx_hash === row.tx_hash)
      current.push(row)
    else transactions.push([row])
  }
  const page = transactions.slice(0, limit)
  const last = page.at(-1)?.[0]
  const next =
    transactions.length > limit && last
      ? encodeCursor({
          minedAt: last.mined_at,
          chainId: last.chain_id,
          block: last.block_number,
          txIndex: last.tx_index,
        })
      : null
  return { data: page.map((items) => toTransaction(context, request.account, items)), next }
}

function toTransaction(context: ApiContext, account: string, items: Row[]): Transaction {
  const row = items[0]!
  const chain = context.chains.get(row.chain_id)?.config
  const caipNetworkId = `eip155:${row.chain_id}`
  const spam = new Set<string>(chain?.spamContracts ?? [])
  const transfers = items.map((item): TransactionTransfer => {
    const direction =
      item.from_address === account && item.to_address === account
        ? 'self'
        : item.from_address === account
          ? 'out'
          : 'in'
    if (item.standard === 'erc721') {
      const tokenId = item.token_id ?? '0'
      return {
        nft_info: {
          name: `${item.token_name ?? item.token_symbol ?? 'NFT'} #${tokenId}`,
          token_id: tokenId,
          ...(item.token_uri ? { content: { preview: { url: item.token_uri } } } : {}),
          flags: { is_spam: spam.has(item.token ?? '') },
        },
        direction,
        quantity: { numeric: '1' },
      }
    }
    if (item.standard === 'native') {
      const native = chain?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
      return {
        fungible_info: {
          name: native.name,
          symbol: native.symbol,
          ...(chain?.nativeIconUrl ? { icon: { url: chain.nativeIconUrl } } : {}),
        },
        direction,
        quantity: { numeric: formatUnits(BigInt(item.amount), native.decimals) },
      }
    }
    const configured = chain?.tokens.find((token) => token.address === item.token)
    const symbol = configured?.symbol ?? item.token_symbol ?? '???'
    const decimals = configured?.decimals ?? item.token_decimals ?? 0
    return {
      fungible_info: {
        name: configured?.name ?? item.token_name ?? symbol,
        symbol,
        ...(configured?.iconUrl ? { icon: { url: configured.iconUrl } } : {}),
      },
      direction,
      quantity: { numeric: formatUnits(BigInt(item.amount), decimals) },
    }
  })
  return {
    id: `${caipNetworkId}:${row.tx_hash}`,
    metadata: {
      operationType: operationType(account, items),
      hash: row.tx_hash,
      minedAt: new Date(row.mined_at * 1000).toISOString(),
      sentFrom: getAddress(row.tx_from),
      sentTo: row.tx_to ? getAddress(row.tx_to) : '',
      status: row.status,
      nonce: row.nonce,
      chain: caipNetworkId,
    },
    transfers,
  }
}

/** What the transaction was for the account: a mint or a burn, else whether value left it or only came in. */
function operationType(account: string, items: readonly Row[]): OperationType {
  if (items.every((item) => item.from_address === ZERO_ADDRESS)) return 'mint'
  if (items.every((item) => item.to_address === ZERO_ADDRESS)) return 'burn'
  return items.some((item) => item.from_address === account) ? 'send' : 'receive'
}
