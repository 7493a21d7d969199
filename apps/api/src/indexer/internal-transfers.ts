import { BaseError, type EIP1193RequestFn, type PublicClient, RpcError, type Transaction } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import type { Hex } from '../config.ts'

/** One frame of geth's `callTracer` output (anvil and most nodes answer the same shape). */
export interface CallFrame {
  type: string
  from: Hex
  to?: Hex
  /** Hex quantity; absent on DELEGATECALL/STATICCALL. */
  value?: Hex
  /** Set when this frame reverted or failed: nothing it or its children did took effect. */
  error?: string
  calls?: CallFrame[]
}

export interface InternalTransfer {
  /** -2, -3, … in frame order; -1 is the transaction's own value. */
  logIndex: number
  from: Hex
  to: Hex
  amount: bigint
}

const ENTRY_POINT = entryPoint07Address.toLowerCase() as Hex

/**
 * Whether a transaction may move ETH inside without carrying it in its own `value` in the way
 * the wallet's accounts do (issue 14): an ERC-4337 bundle (`handleOps` on the EntryPoint v0.7,
 * which calls the smart account, which sends) and an EIP-7702 batch (the EOA calling itself, its
 * code being the delegate's `executeBatch`). Tracing every transaction would cost one trace each;
 * these are the ones whose value moves are the wallet's own sends.
 */
export function mayMoveValueInside(tx: Pick<Transaction, 'from' | 'to'>): boolean {
  if (!tx.to) return false
  const to = tx.to.toLowerCase()
  return to === ENTRY_POINT || to === tx.from.toLowerCase()
}

/**
 * The native transfers inside a call tree: every CALL below the top frame (whose value is the
 * transaction's own, indexed already) that moved value and took effect — neither it nor an ancestor
 * reverted. DELEGATECALL and STATICCALL move no value. In a bundle, value into or out of the
 * EntryPoint is ERC-4337 gas accounting (an account's prefund, the bundler's compensation), not a
 * send of the user's: left out, as the gas of an ordinary transaction is.
 */
export function internalTransfers(top: CallFrame): InternalTransfer[] {
  const found: InternalTransfer[] = []
  const walk = (frame: CallFrame) => {
    if (frame.error !== undefined) return
    const from = frame.from.toLowerCase() as Hex
    const to = frame.to?.toLowerCase() as Hex | undefined
    const amount = frame.value ? BigInt(frame.value) : 0n
    if (
      frame !== top &&
      frame.type === 'CALL' &&
      to &&
      amount > 0n &&
      from !== ENTRY_POINT &&
      to !== ENTRY_POINT
    )
      found.push({ logIndex: -2 - found.length, from, to, amount })
    for (const child of frame.calls ?? []) walk(child)
  }
  walk(top)
  return found
}

/**
 * Traces transactions of one chain with `debug_traceTransaction` and the `callTracer`. A node
 * without the debug namespace (most public RPCs) answers "method not found": then this chain's
 * internal transfers are skipped, said once in the log, and everything else is indexed as before.
 * Other errors (a timeout, a busy node) are thrown, so the range is read again.
 */
export class CallTracer {
  readonly #client: PublicClient
  readonly #log: (message: string) => void
  #available = true

  constructor(client: PublicClient, log: (message: string) => void) {
    this.#client = client
    this.#log = log
  }

  /** The call tree of each transaction; empty when the node cannot trace. */
  async trace(hashes: readonly Hex[]): Promise<Map<Hex, CallFrame>> {
    const frames = new Map<Hex, CallFrame>()
    if (!this.#available || hashes.length === 0) return frames
    try {
      await Promise.all(
        hashes.map(async (hash) => {
          // debug_* is outside viem's public RPC schema: the untyped request function.
          const request = this.#client.request as EIP1193RequestFn
          const frame = (await request({
            method: 'debug_traceTransaction',
            params: [hash, { tracer: 'callTracer' }],
          })) as CallFrame
          frames.set(hash, frame)
        }),
      )
    } catch (error) {
      if (!traceUnsupported(error)) throw error
      if (this.#available) {
        this.#available = false
        this.#log(
          'the node has no debug_traceTransaction: ETH moved inside transactions (smart-account and EIP-7702 batched sends) is not indexed',
        )
      }
      frames.clear()
    }
    return frames
  }
}

const UNSUPPORTED_CODES = new Set([-32601, -32004]) // method not found, method not supported
const UNSUPPORTED_TEXT = /method.*(not found|not supported|unsupported|does not exist|not available)/i

function traceUnsupported(error: unknown): boolean {
  if (error instanceof BaseError) {
    const rpc = error.walk((cause) => cause instanceof RpcError)
    if (rpc instanceof RpcError && UNSUPPORTED_CODES.has(rpc.code)) return true
    return UNSUPPORTED_TEXT.test(error.details ?? error.shortMessage)
  }
  return error instanceof Error && UNSUPPORTED_TEXT.test(error.message)
}
