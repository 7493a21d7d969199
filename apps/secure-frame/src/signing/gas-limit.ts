/** What a plain transfer to an account without code costs, always: it needs no headroom. */
const TRANSFER_GAS = 21_000n

/**
 * The gas limit the key frame signs for the node's estimate: a quarter more for a contract call.
 * The estimate is the least gas that succeeds on the pending block, and a call can cost more in the
 * block it lands in: a Uniswap V2 pair writes its price accumulators only in a block with a new
 * timestamp, 8 % of a swap. Gas left over is refunded, so the headroom costs the user nothing.
 */
export function gasLimit(estimate: bigint): bigint {
  return estimate === TRANSFER_GAS ? estimate : estimate + estimate / 4n
}
