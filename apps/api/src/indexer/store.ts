import type { Database, Queryable } from '@walletframe/db'
import { ZERO_ADDRESS } from '../chain/erc.ts'
import type { Hex } from '../config.ts'
import type { Batch } from './fetch.ts'

export interface Cursor {
  genesisHash: Hex
  lastBlock: number
  lastHash: Hex
}

/** Another indexer (a second API process on the same Postgres) moved this chain's cursor. */
export class CursorMovedError extends Error {
  override readonly name = 'CursorMovedError'
}

export async function readCursor(db: Database, chainId: number): Promise<Cursor | undefined> {
  const [row] = await db.query<{ genesis_hash: Hex; last_block: number; last_block_hash: Hex }>(
    'SELECT genesis_hash, last_block, last_block_hash FROM indexer_cursors WHERE chain_id = $1',
    [chainId],
  )
  return row && { genesisHash: row.genesis_hash, lastBlock: row.last_block, lastHash: row.last_block_hash }
}

/** Which of these token contracts already have a row (their metadata was read before). */
export async function knownTokens(db: Database, chainId: number, addresses: Hex[]): Promise<Set<Hex>> {
  if (addresses.length === 0) return new Set()
  const rows = await db.query<{ address: Hex }>(
    'SELECT address FROM tokens WHERE chain_id = $1 AND address = ANY($2::text[])',
    [chainId, addresses],
  )
  return new Set(rows.map((row) => row.address))
}

/**
 * Stores a batch and moves the cursor in one transaction: after a crash either both are there or
 * neither, so the indexer resumes at the cursor with no gap. The unique keys (a transfer is
 * (chain, tx, log index)) and ON CONFLICT DO NOTHING make a replayed batch a no-op as well.
 * Rows go in as arrays through unnest: one statement per table, whatever the batch size.
 */
export async function writeBatch(
  db: Database,
  chainId: number,
  batch: Batch,
  previous: Cursor | undefined,
  next: Cursor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await moveCursor(tx, chainId, previous, next)
    if (batch.tokens.length > 0) {
      const t = batch.tokens
      await tx.query(
        `INSERT INTO tokens (chain_id, address, standard, name, symbol, decimals)
         SELECT $1::bigint, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
         ON CONFLICT DO NOTHING`,
        [
          chainId,
          t.map((token) => token.address),
          t.map((token) => token.standard),
          t.map((token) => token.name),
          t.map((token) => token.symbol),
          t.map((token) => token.decimals),
        ],
      )
    }
    if (batch.transactions.length > 0) {
      const t = batch.transactions
      await tx.query(
        `INSERT INTO transactions (chain_id, tx_hash, block_number, tx_index, mined_at, from_address, to_address, nonce, status)
         SELECT $1::bigint, * FROM unnest($2::text[], $3::bigint[], $4::int[], $5::bigint[], $6::text[], $7::text[], $8::bigint[], $9::text[])
         ON CONFLICT DO NOTHING`,
        [
          chainId,
          t.map((row) => row.hash),
          t.map((row) => row.block),
          t.map((row) => row.txIndex),
          t.map((row) => row.minedAt),
          t.map((row) => row.from),
          t.map((row) => row.to),
          t.map((row) => row.nonce),
          t.map((row) => row.status),
        ],
      )
    }
    if (batch.transfers.length === 0) return
    const f = batch.transfers
    await tx.query(
      `INSERT INTO transfers (chain_id, tx_hash, log_index, block_number, standard, token, from_address, to_address, amount, token_id, token_uri)
       SELECT $1::bigint, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::numeric[], $11::text[])
       ON CONFLICT DO NOTHING`,
      [
        chainId,
        f.map((row) => row.txHash),
        f.map((row) => row.logIndex),
        f.map((row) => row.block),
        f.map((row) => row.standard),
        f.map((row) => row.token),
        f.map((row) => row.from),
        f.map((row) => row.to),
        f.map((row) => row.amount.toString()),
        f.map((row) => (row.tokenId === null ? null : row.tokenId.toString())),
        f.map((row) => row.tokenUri),
      ],
    )

    // The history index: each participant once per transaction; the zero address (mints, burns)
    // is nobody's account and would only grow without bound.
    const activity = new Map<
      string,
      { account: Hex; block: number; txIndex: number; minedAt: number; txHash: Hex }
    >()
    const accountTokens = new Map<string, { account: Hex; token: Hex; block: number }>()
    for (const transfer of f) {
      for (const account of [transfer.from, transfer.to]) {
        if (account === ZERO_ADDRESS) continue
        activity.set(`${account}:${transfer.txHash}`, {
          account,
          block: transfer.block,
          txIndex: transfer.txIndex,
          minedAt: transfer.minedAt,
          txHash: transfer.txHash,
        })
        if (transfer.standard === 'erc20' && transfer.token) {
          accountTokens.set(`${account}:${transfer.token}`, {
            account,
            token: transfer.token,
            block: transfer.block,
          })
        }
      }
    }
    const a = [...activity.values()]
    await tx.query(
      `INSERT INTO account_activity (account, chain_id, block_number, tx_index, mined_at, tx_hash)
       SELECT account, $1::bigint, block_number, tx_index, mined_at, tx_hash
         FROM unnest($2::text[], $3::bigint[], $4::int[], $5::bigint[], $6::text[])
           AS rows (account, block_number, tx_index, mined_at, tx_hash)
       ON CONFLICT DO NOTHING`,
      [
        chainId,
        a.map((row) => row.account),
        a.map((row) => row.block),
        a.map((row) => row.txIndex),
        a.map((row) => row.minedAt),
        a.map((row) => row.txHash),
      ],
    )
    if (accountTokens.size > 0) {
      const k = [...accountTokens.values()]
      await tx.query(
        `INSERT INTO account_tokens (account, chain_id, token, first_block)
         SELECT account, $1::bigint, token, first_block FROM unnest($2::text[], $3::text[], $4::bigint[])
           AS rows (account, token, first_block)
         ON CONFLICT DO NOTHING`,
        [chainId, k.map((row) => row.account), k.map((row) => row.token), k.map((row) => row.block)],
      )
    }
  })
}

/** Compare-and-set: the cursor moves only from where this indexer last saw it. */
async function moveCursor(tx: Queryable, chainId: number, previous: Cursor | undefined, next: Cursor) {
  const moved = previous
    ? await tx.query(
        `UPDATE indexer_cursors SET last_block = $2, last_block_hash = $3, updated_at = now()
          WHERE chain_id = $1 AND genesis_hash = $4 AND last_block = $5 AND last_block_hash = $6
          RETURNING 1`,
        [chainId, next.lastBlock, next.lastHash, previous.genesisHash, previous.lastBlock, previous.lastHash],
      )
    : await tx.query(
        `INSERT INTO indexer_cursors (chain_id, genesis_hash, last_block, last_block_hash)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
        [chainId, next.genesisHash, next.lastBlock, next.lastHash],
      )
  if (moved.length === 0) throw new CursorMovedError(`chain ${chainId}: the cursor moved under this indexer`)
}

/**
 * Forgets the chain's blocks after `lastBlock` (a reorg), or all of them when `lastBlock` is
 * undefined (a new chain under the same id, e.g. a restarted devnet: its genesis hash differs).
 */
export async function rewind(db: Database, chainId: number, to: Cursor | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const after = to?.lastBlock ?? -1
    for (const table of ['transactions', 'transfers', 'account_activity']) {
      await tx.query(`DELETE FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [chainId, after])
    }
    if (to) {
      // account_tokens only says which balances to read; a stale entry costs one balanceOf returning 0.
      await tx.query(
        'UPDATE indexer_cursors SET last_block = $2, last_block_hash = $3, updated_at = now() WHERE chain_id = $1',
        [chainId, to.lastBlock, to.lastHash],
      )
    } else {
      await tx.query('DELETE FROM account_tokens WHERE chain_id = $1', [chainId])
      await tx.query('DELETE FROM tokens WHERE chain_id = $1', [chainId])
      await tx.query('DELETE FROM indexer_cursors WHERE chain_id = $1', [chainId])
    }
  })
}

/**
 * Refreshes the planner's statistics of the indexer's tables. PGlite runs no autovacuum daemon, so
 * without this its statistics stay those of an empty database and a history page on a grown table
 * gets planned as if it were tiny (measured: 25-260 ms a page instead of 3-9 ms).
 */
export async function analyze(db: Database): Promise<void> {
  await db.exec('ANALYZE transactions, transfers, account_activity, account_tokens, tokens')
}
