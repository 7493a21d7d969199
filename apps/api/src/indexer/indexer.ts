import type { Database } from '@walletframe/db'
import type { Hex } from '../config.ts'
import type { Chain } from '../context.ts'
import { type Batch, ChainMovedError, fetchRange } from './fetch.ts'
import { CallTracer } from './internal-transfers.ts'
import {
  analyze,
  type Cursor,
  CursorMovedError,
  knownTokens,
  readCursor,
  rewind,
  writeBatch,
} from './store.ts'

export interface IndexerOptions {
  db: Database
  chains: readonly Chain[]
  /** Pause between polls once caught up with the head. */
  pollIntervalMs: number
  /** Blocks read per batch (one eth_getLogs, one JSON-RPC batch of blocks, one transaction). */
  blockBatchSize: number
  log?: (message: string) => void
}

export interface ChainProgress {
  chainId: number
  /** Last block stored; undefined before the first batch. */
  indexedBlock: number | undefined
  lastError: string | undefined
}

/** How far a reorg is undone when the stored chain tip is no longer on the chain. */
const REORG_REWIND_BLOCKS = 32
const MAX_BACKOFF_MS = 30_000
const TARGET_TRANSFERS = 2_000
const ANALYZE_AFTER_ROWS = 1_000
// Small first read: the range grows quickly on quiet blocks, and a busy start stays cheap.
const INITIAL_RANGE = 10

interface ChainState {
  chain: Chain
  /** Traces this chain's bundles and EIP-7702 batches; remembers when its node cannot. */
  tracer: CallTracer
  /** undefined until loaded from the database and checked against the chain. */
  cursor: Cursor | undefined
  loaded: boolean
  lastError: string | undefined
  /**
   * Blocks per read, up to blockBatchSize: halved after a failed read, doubled after a good one.
   * RPC nodes cap what one answer may hold (result counts, body size; viem refuses bodies over its
   * limit), and a busy range must still get through, a block at a time if need be.
   */
  range: number
  /** The next range, read while the previous one was being written. */
  prefetch: { from: number; batch: Promise<Batch> } | undefined
  waiters: Array<{ block: number; resolve: () => void }>
}

/**
 * Follows each configured chain and stores its value transfers. One loop per chain: read the next
 * range of blocks up to head − confirmations, store it with the cursor in one transaction, repeat;
 * once caught up, poll. On start it resumes at the stored cursor, after checking that the chain is
 * still the one it indexed (genesis hash) and that the stored tip is still on it (parent hash).
 */
export class Indexer {
  readonly #options: IndexerOptions
  readonly #states: Map<number, ChainState>
  readonly #stop = new AbortController()
  #loops: Promise<void>[] = []
  /** Transfers written since the last ANALYZE and in all, over all chains (they share the tables). */
  #unanalyzed = 0
  #written = 0

  constructor(options: IndexerOptions) {
    this.#options = options
    this.#states = new Map(
      options.chains.map((chain) => [
        chain.config.chainId,
        {
          chain,
          tracer: new CallTracer(chain.client, (message) =>
            this.#log(`chain ${chain.config.chainId}: ${message}`),
          ),
          cursor: undefined,
          loaded: false,
          lastError: undefined,
          range: Math.min(options.blockBatchSize, INITIAL_RANGE),
          prefetch: undefined,
          waiters: [],
        },
      ]),
    )
  }

  start(): void {
    if (this.#loops.length > 0) return
    this.#loops = [...this.#states.values()].map((state) => this.#run(state))
  }

  /** Stops polling and waits for a batch in flight to finish (so the database can close after). */
  async stop(): Promise<void> {
    this.#stop.abort()
    await Promise.all(this.#loops)
    // A read started for the next batch may still be asking the database which tokens it knows.
    await Promise.all([...this.#states.values()].map((state) => state.prefetch?.batch.catch(() => undefined)))
  }

  progress(): ChainProgress[] {
    return [...this.#states.values()].map((state) => ({
      chainId: state.chain.config.chainId,
      indexedBlock: state.cursor?.lastBlock,
      lastError: state.lastError,
    }))
  }

  /** Resolves once `block` of `chainId` is stored. */
  waitFor(chainId: number, block: number | bigint, timeoutMs = 30_000): Promise<void> {
    const state = this.#states.get(chainId)
    if (!state) return Promise.reject(new Error(`chain ${chainId} is not indexed`))
    const target = Number(block)
    if ((state.cursor?.lastBlock ?? -1) >= target) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        state.waiters = state.waiters.filter((waiter) => waiter !== entry)
        reject(new Error(`chain ${chainId}: block ${target} not indexed within ${timeoutMs} ms`))
      }, timeoutMs)
      const entry = {
        block: target,
        resolve: () => {
          clearTimeout(timer)
          resolve()
        },
      }
      state.waiters.push(entry)
    })
  }

  async #run(state: ChainState): Promise<void> {
    const signal = this.#stop.signal
    let failures = 0
    while (!signal.aborted) {
      let progressed = false
      try {
        progressed = await this.#step(state)
        failures = 0
        state.lastError = undefined
      } catch (error) {
        failures += 1
        const message = error instanceof Error ? error.message : String(error)
        // Expected races are retried at once; anything else backs off and is logged when it changes.
        state.prefetch = undefined
        if (error instanceof ChainMovedError || error instanceof CursorMovedError) {
          state.loaded = false
          progressed = true
        } else if (message !== state.lastError) {
          this.#log(`chain ${state.chain.config.chainId}: ${message.split('\n')[0]}`)
        }
        state.lastError = message
      }
      if (progressed) continue
      const delay =
        failures === 0 ? this.#options.pollIntervalMs : Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures)
      await sleep(delay, signal)
    }
  }

  /** One unit of work; true when it made progress (so the loop goes on without waiting). */
  async #step(state: ChainState): Promise<boolean> {
    const { db, blockBatchSize } = this.#options
    const { config, client } = state.chain
    if (!state.loaded) {
      await this.#load(state)
      state.loaded = true
    }
    const head = Number(await client.getBlockNumber({ cacheTime: 0 })) - config.confirmations
    const last = state.cursor?.lastBlock ?? config.startBlock - 1
    if (head < last) {
      // Shorter than what was stored: a new chain (reset) or a deep reorg.
      await this.#reconcile(state)
      return true
    }
    if (head === last) return false
    const from = last + 1
    const prefetched = state.prefetch?.from === from ? state.prefetch.batch : undefined
    state.prefetch = undefined
    let batch: Batch
    try {
      batch = await (prefetched ?? this.#fetch(state, from, Math.min(head, from + state.range - 1)))
    } catch (error) {
      if (!(error instanceof ChainMovedError)) state.range = Math.max(1, Math.floor(state.range / 2))
      throw error
    }
    // Aim at about TARGET_TRANSFERS per batch: busy blocks get short ranges (short transactions, so
    // PGlite, which runs one query at a time, keeps answering the API), empty ones long ranges.
    const span = batch.to - batch.from + 1
    const transfers = batch.transfers.length
    state.range =
      transfers > TARGET_TRANSFERS
        ? Math.max(1, Math.floor((span * TARGET_TRANSFERS) / transfers))
        : Math.min(blockBatchSize, span * 2)
    if (state.cursor && batch.parentHash !== state.cursor.lastHash) {
      await this.#reconcile(state)
      return true
    }
    // Catching up: read the next range while this one is written (the node and the database work
    // in parallel). Its parent hash is checked against this batch's tip like any other batch.
    if (batch.to < head) {
      const nextFrom = batch.to + 1
      const pending = this.#fetch(state, nextFrom, Math.min(head, nextFrom + state.range - 1))
      pending.catch(() => undefined) // consumed (and its error handled) by the next step, or dropped
      state.prefetch = { from: nextFrom, batch: pending }
    }
    const to = batch.to
    const genesisHash = state.cursor?.genesisHash ?? (await this.#genesisHash(state))
    const next: Cursor = { genesisHash, lastBlock: to, lastHash: batch.lastHash }
    await writeBatch(db, config.chainId, batch, state.cursor, next)
    state.cursor = next
    this.#unanalyzed += batch.transfers.length
    this.#written += batch.transfers.length
    // Like autovacuum: once caught up and a tenth more rows came in, or every so often during a
    // long catch-up.
    const due = Math.max(ANALYZE_AFTER_ROWS, this.#written / 10)
    if ((to === head && this.#unanalyzed >= due) || this.#unanalyzed >= 20 * ANALYZE_AFTER_ROWS) {
      this.#unanalyzed = 0
      await analyze(db)
    }
    const reached = state.waiters.filter((waiter) => waiter.block <= to)
    state.waiters = state.waiters.filter((waiter) => waiter.block > to)
    for (const waiter of reached) waiter.resolve()
    return true
  }

  #fetch(state: ChainState, from: number, to: number): Promise<Batch> {
    const { chainId } = state.chain.config
    const isKnownToken = (addresses: Hex[]) => knownTokens(this.#options.db, chainId, addresses)
    return fetchRange(state.chain, from, to, isKnownToken, state.tracer)
  }

  /** Reads the stored cursor; forgets the chain's rows if the chain behind the id is a new one. */
  async #load(state: ChainState): Promise<void> {
    const { chainId } = state.chain.config
    const stored = await readCursor(this.#options.db, chainId)
    if (stored && stored.genesisHash !== (await this.#genesisHash(state))) {
      this.#log(`chain ${chainId}: new genesis (a restarted devnet?); re-indexing from the start`)
      await rewind(this.#options.db, chainId, undefined)
      state.cursor = undefined
      return
    }
    state.cursor = stored
  }

  /** The stored tip is not on the chain any more: a new chain, or a reorg to undo. */
  async #reconcile(state: ChainState): Promise<void> {
    const { config, client } = state.chain
    const cursor = state.cursor
    if (!cursor || cursor.genesisHash !== (await this.#genesisHash(state))) {
      await this.#load(state)
      return
    }
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    const back = Math.min(cursor.lastBlock - REORG_REWIND_BLOCKS, head)
    if (back < config.startBlock) {
      await rewind(this.#options.db, config.chainId, undefined)
      state.cursor = undefined
    } else {
      const block = await client.getBlock({ blockNumber: BigInt(back) })
      const to: Cursor = { genesisHash: cursor.genesisHash, lastBlock: back, lastHash: block.hash }
      await rewind(this.#options.db, config.chainId, to)
      state.cursor = to
    }
    this.#log(`chain ${config.chainId}: reorg; rewound to block ${state.cursor?.lastBlock ?? 'start'}`)
  }

  async #genesisHash(state: ChainState): Promise<Hex> {
    const block = await state.chain.client.getBlock({ blockNumber: 0n })
    return block.hash
  }

  #log(message: string): void {
    ;(this.#options.log ?? ((text: string) => console.warn(`[api indexer] ${text}`)))(message)
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}
