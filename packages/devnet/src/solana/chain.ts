import {
  type Address,
  address,
  type Blockhash,
  type EncodedAccount,
  getBase58Decoder,
  lamports,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import {
  describeTransactionError,
  landsDespite,
  RPC_ERROR_CODES,
  SolanaRpcError,
  type TransactionErrorJson,
  transactionErrorJson,
} from './errors.ts'
import { type CompiledMessage, decode } from './wire.ts'

/** How many blocks a blockhash stays usable, as on a validator (MAX_PROCESSING_AGE). */
const BLOCKHASH_LIFETIME_BLOCKS = 150n
/** litesvm's (and mainnet's) base fee. Priority fees are not counted in the reported fee. */
const LAMPORTS_PER_SIGNATURE = 5_000n
const SYSTEM_PROGRAM = address('11111111111111111111111111111111')

export interface RecordedTransaction {
  signature: string
  slot: bigint
  blockTime: bigint
  wire: Uint8Array
  message: CompiledMessage
  err: TransactionErrorJson | null
  logs: string[]
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  unitsConsumed: bigint
}

export interface SimulationResult {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: Address; data: Uint8Array } | null
  /** Every account the transaction touched, as it would be after it. */
  postAccounts: ReadonlyMap<string, EncodedAccount>
}

/**
 * One litesvm instance behaving like a single-validator chain: every landed transaction is a block of
 * its own (the slot advances, a new blockhash is issued), a blockhash stays valid for 150 blocks, and
 * every landed transaction is finalized at once. litesvm's own blockhash check only knows the latest
 * blockhash, so it is off and this class checks lifetimes the way a validator does.
 */
export class LocalSolanaChain {
  readonly svm: LiteSVM
  readonly #recentBlockhashes = new Map<string, bigint>()
  readonly #history = new Map<string, RecordedTransaction>()
  readonly #blockListeners = new Set<(landed: RecordedTransaction) => void>()
  #transactionCount = 0n

  constructor() {
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.svm.warpToSlot(0n)
    this.#nextBlock()
  }

  get slot(): bigint {
    return this.svm.getClock().slot
  }

  /** One block per slot: the block height is the slot. */
  get blockHeight(): bigint {
    return this.slot
  }

  get transactionCount(): bigint {
    return this.#transactionCount
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.#recentBlockhashes.get(blockhash)! }
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.#recentBlockhashes.has(blockhash)
  }

  /** Gives `owner` this many lamports outright (start-up funding; `requestAirdrop` sends a transfer). */
  fund(owner: Address, amount: bigint): void {
    const existing = this.svm.getAccount(owner)
    this.svm.setAccount({
      address: owner,
      lamports: lamports(amount),
      programAddress: existing.exists ? existing.programAddress : SYSTEM_PROGRAM,
      data: existing.exists ? existing.data : new Uint8Array(),
      executable: false,
      space: existing.exists ? existing.space : 0n,
    })
  }

  simulate(
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationResult {
    const decoded = decode(wire)
    const empty = { logs: [], unitsConsumed: 0n, returnData: null, postAccounts: new Map() }
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(decoded.message.lifetimeToken))
      return { ...empty, err: 'BlockhashNotFound' }
    if (options.sigVerify && !decoded.fullySigned) return { ...empty, err: 'SignatureFailure' }
    this.svm.withSigverify(options.sigVerify)
    try {
      const result = this.svm.simulateTransaction(decoded.transaction)
      if (result instanceof FailedTransactionMetadata) {
        return {
          ...metaResult(result.meta()),
          err: transactionErrorJson(result.err()),
          postAccounts: new Map(),
        }
      }
      const postAccounts = new Map(result.postAccounts().map((account) => [account.address, account]))
      return { ...metaResult(result.meta()), err: null, postAccounts }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * Executes a signed transaction and returns its signature. One that cannot land (bad signature,
   * unknown blockhash, fee payer without funds, a failed preflight) is refused with the validator's
   * error; one that lands but fails in an instruction is recorded with its error, as on a validator.
   */
  send(wire: Uint8Array, options: { skipPreflight: boolean }): string {
    const { transaction, message, signature, fullySigned } = decode(wire)
    if (!signature || !fullySigned)
      throw new SolanaRpcError(
        RPC_ERROR_CODES.transactionSignatureVerificationFailure,
        'Transaction signature verification failure',
      )
    if (!options.skipPreflight) {
      const preflight = this.simulate(wire, { sigVerify: true, replaceRecentBlockhash: false })
      if (preflight.err !== null) throw refused(preflight.err, preflight.logs, preflight.unitsConsumed, true)
    }
    if (!this.isBlockhashValid(message.lifetimeToken)) throw refused('BlockhashNotFound', [], 0n, false)
    const preBalances = message.staticAccounts.map((key) => this.svm.getBalance(key) ?? 0n)
    const result = this.svm.sendTransaction(transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? transactionErrorJson(result.err()) : null
    const meta = failed ? result.meta() : (result as TransactionMetadata)
    if (err !== null && !landsDespite(err)) {
      if (err === 'SignatureFailure')
        throw new SolanaRpcError(
          RPC_ERROR_CODES.transactionSignatureVerificationFailure,
          'Transaction signature verification failure',
        )
      throw refused(err, meta.logs(), meta.computeUnitsConsumed(), false)
    }
    this.#nextBlock()
    this.#history.set(signature, {
      signature,
      slot: this.slot,
      blockTime: this.svm.getClock().unixTimestamp,
      wire,
      message,
      err,
      logs: meta.logs(),
      fee: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts),
      preBalances,
      postBalances: message.staticAccounts.map((key) => this.svm.getBalance(key) ?? 0n),
      unitsConsumed: meta.computeUnitsConsumed(),
    })
    this.#transactionCount += 1n
    for (const listener of this.#blockListeners) listener(this.#history.get(signature)!)
    return signature
  }

  /** Calls `listener` with each landed transaction (its block); returns the unsubscribe. */
  onBlock(listener: (landed: RecordedTransaction) => void): () => void {
    this.#blockListeners.add(listener)
    return () => this.#blockListeners.delete(listener)
  }

  transaction(signature: string): RecordedTransaction | undefined {
    return this.#history.get(signature)
  }

  /** Landed transactions, newest first. */
  transactions(): RecordedTransaction[] {
    return [...this.#history.values()].reverse()
  }

  /** A new block: the next slot at the wall-clock time, and a new blockhash valid for 150 blocks. */
  #nextBlock(): void {
    const clock = this.svm.getClock()
    clock.slot += 1n
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
    this.svm.expireBlockhash()
    this.#recentBlockhashes.set(this.svm.latestBlockhash(), clock.slot + BLOCKHASH_LIFETIME_BLOCKS)
    for (const [blockhash, lastValid] of this.#recentBlockhashes) {
      if (lastValid < clock.slot) this.#recentBlockhashes.delete(blockhash)
    }
  }
}

function metaResult(meta: TransactionMetadata) {
  const returned = meta.returnData()
  const data = returned.data()
  return {
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData:
      data.length > 0
        ? { programId: getBase58Decoder().decode(returned.programId()) as Address, data }
        : null,
  }
}

function refused(err: TransactionErrorJson, logs: string[], unitsConsumed: bigint, preflight: boolean) {
  const what = preflight ? 'Transaction simulation failed' : 'Transaction could not be processed'
  return new SolanaRpcError(
    RPC_ERROR_CODES.sendTransactionPreflightFailure,
    `${what}: ${describeTransactionError(err)}`,
    { err, logs, accounts: null, unitsConsumed, returnData: null },
  )
}
