import { type Block, hexToNumber, numberToHex, type RpcLog, type Transaction } from 'viem'
import { TRANSFER_TOPIC } from '../chain/erc.ts'
import type { Hex } from '../config.ts'
import type { Chain } from '../context.ts'
import { type CallTracer, internalTransfers, mayMoveValueInside } from './internal-transfers.ts'
import { readTokenMetadata, readTokenUris, type TokenRecord } from './token-metadata.ts'

export interface TxRecord {
  hash: Hex
  block: number
  txIndex: number
  minedAt: number
  from: Hex
  to: Hex | null
  nonce: number
  status: 'confirmed' | 'failed'
}

export interface TransferRecord {
  txHash: Hex
  /** -1 for the transaction's own native value; -2, -3, … for value moved by its inner calls. */
  logIndex: number
  block: number
  txIndex: number
  minedAt: number
  standard: 'native' | 'erc20' | 'erc721'
  token: Hex | null
  from: Hex
  to: Hex
  amount: bigint
  tokenId: bigint | null
  tokenUri: string | null
}

/** Everything the indexer stores for blocks `from`…`to` of one chain. */
export interface Batch {
  from: number
  to: number
  /** Parent of block `from`: must be the hash the previous batch ended on, or the chain changed. */
  parentHash: Hex
  lastHash: Hex
  transactions: TxRecord[]
  transfers: TransferRecord[]
  tokens: TokenRecord[]
}

type FullBlock = Block<bigint, true, 'latest'>

/** Thrown when the chain changed while a range was being read; the next poll reads it again. */
export class ChainMovedError extends Error {
  override readonly name = 'ChainMovedError'
}

/**
 * Reads blocks `from`…`to`: every block with its transactions (a transaction's own `value`, with
 * its receipt's status), every Transfer log of the range in one eth_getLogs, and the call trace of
 * the transactions that move ETH inside (smart-account bundles and EIP-7702 batches, see
 * internal-transfers.ts; skipped on a node that cannot trace). ERC-20 and ERC-721 share the
 * Transfer topic and differ by their topic count (3: the amount is in data; 4: the token id is the
 * last topic). Token metadata is read once per contract (`isKnownToken` skips the ones already
 * stored); an NFT's tokenURI once per token. Value moved by other contracts' inner calls is not
 * indexed: it would take a trace of every transaction.
 */
export async function fetchRange(
  chain: Chain,
  from: number,
  to: number,
  isKnownToken: (addresses: Hex[]) => Promise<Set<Hex>>,
  tracer: CallTracer,
): Promise<Batch> {
  const { client } = chain
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i))
  const [blocks, logs] = await Promise.all([
    Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))),
    client.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [TRANSFER_TOPIC] }],
    }) as Promise<RpcLog[]>,
  ])
  const byHash = new Map<Hex, FullBlock>()
  blocks.forEach((block, i) => {
    if (i > 0 && block.parentHash !== blocks[i - 1]!.hash)
      throw new ChainMovedError(`reorg inside ${from}-${to}`)
    byHash.set(block.hash, block as FullBlock)
  })

  const transactions = new Map<Hex, TxRecord>()
  const transfers: TransferRecord[] = []
  const txOf = (block: FullBlock, tx: Transaction, status: TxRecord['status'], to: Hex | null): TxRecord => {
    const known = transactions.get(tx.hash)
    if (known) return known
    const record: TxRecord = {
      hash: tx.hash,
      block: Number(block.number),
      txIndex: tx.transactionIndex ?? 0,
      minedAt: Number(block.timestamp),
      from: lower(tx.from),
      to,
      nonce: tx.nonce,
      status,
    }
    transactions.set(tx.hash, record)
    return record
  }

  // Native value: the transactions that carry some or may move some inside, and the receipts of
  // their blocks.
  const traced = blocks.flatMap((block) => block.transactions.filter(mayMoveValueInside).map((tx) => tx.hash))
  const tracedSet = new Set(traced)
  const native = (tx: Transaction) => tx.value > 0n || tracedSet.has(tx.hash)
  const valueBlocks = blocks.filter((block) => block.transactions.some(native))
  const [receipts, traces] = await Promise.all([
    Promise.all(valueBlocks.map((block) => client.getBlockReceipts({ blockNumber: block.number }))),
    tracer.trace(traced),
  ])
  valueBlocks.forEach((block, i) => {
    const byTx = new Map(receipts[i]!.map((receipt) => [receipt.transactionHash, receipt]))
    for (const tx of block.transactions) {
      if (!native(tx)) continue
      const receipt = byTx.get(tx.hash)
      if (!receipt) throw new ChainMovedError(`no receipt for ${tx.hash}`)
      // A contract creation sends its value to the new contract.
      const recipient = tx.to ? lower(tx.to) : receipt.contractAddress ? lower(receipt.contractAddress) : null
      if (!recipient) continue
      const trace = traces.get(tx.hash)
      const moves = [
        ...(tx.value > 0n ? [{ logIndex: -1, from: lower(tx.from), to: recipient, amount: tx.value }] : []),
        ...(trace && receipt.status === 'success' ? internalTransfers(trace) : []),
      ]
      if (moves.length === 0) continue
      const status = receipt.status === 'success' ? 'confirmed' : 'failed'
      const record = txOf(block as FullBlock, tx, status, lower(tx.to ?? recipient))
      for (const move of moves) {
        transfers.push({
          txHash: tx.hash,
          block: record.block,
          txIndex: record.txIndex,
          minedAt: record.minedAt,
          standard: 'native',
          token: null,
          tokenId: null,
          tokenUri: null,
          ...move,
        })
      }
    }
  })

  const standards = new Map<Hex, 'erc20' | 'erc721'>()
  const nftIds = new Map<string, { token: Hex; id: bigint }>()
  for (const log of logs) {
    if (log.removed) continue
    // Raw JSON-RPC logs: quantities are hex.
    const block = log.blockHash ? byHash.get(log.blockHash) : undefined
    // A log from a block other than the ones just read: the chain moved between the two calls.
    if (!block) throw new ChainMovedError(`log of unknown block ${log.blockHash}`)
    const tx = log.transactionIndex ? block.transactions[hexToNumber(log.transactionIndex)] : undefined
    if (!tx || tx.hash !== log.transactionHash)
      throw new ChainMovedError(`log of unknown tx ${log.transactionHash}`)
    const topics = log.topics
    let standard: 'erc20' | 'erc721'
    let amount = 1n
    let tokenId: bigint | null = null
    if (topics.length === 3 && log.data.length === 66) {
      standard = 'erc20'
      amount = BigInt(log.data)
    } else if (topics.length === 4 && log.data === '0x') {
      standard = 'erc721'
      tokenId = BigInt(topics[3]!)
    } else continue // some other event sharing the signature (e.g. a malformed token)
    const token = lower(log.address)
    if (!standards.has(token)) standards.set(token, standard)
    if (tokenId !== null) nftIds.set(`${token}:${tokenId}`, { token, id: tokenId })
    const record = txOf(block, tx, 'confirmed', tx.to ? lower(tx.to) : null)
    transfers.push({
      txHash: tx.hash,
      logIndex: hexToNumber(log.logIndex ?? '0x0'),
      block: record.block,
      txIndex: record.txIndex,
      minedAt: record.minedAt,
      standard,
      token,
      from: topicAddress(topics[1]!),
      to: topicAddress(topics[2]!),
      amount,
      tokenId,
      tokenUri: null,
    })
  }

  const [tokens, uris] = await Promise.all([
    readTokenMetadata(chain, standards, await isKnownToken([...standards.keys()])),
    readTokenUris(chain, [...nftIds.values()]),
  ])
  for (const transfer of transfers) {
    if (transfer.tokenId !== null)
      transfer.tokenUri = uris.get(`${transfer.token}:${transfer.tokenId}`) ?? null
  }

  const first = blocks[0]!
  const last = blocks.at(-1)!
  return {
    from,
    to,
    parentHash: first.parentHash,
    lastHash: last.hash,
    transactions: [...transactions.values()],
    transfers,
    tokens,
  }
}

function lower(address: string): Hex {
  return address.toLowerCase() as Hex
}

function topicAddress(topic: Hex): Hex {
  return `0x${topic.slice(-40).toLowerCase()}`
}
