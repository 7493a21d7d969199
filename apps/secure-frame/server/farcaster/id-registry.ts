/**
 * Farcaster's IdRegistry, read over JSON-RPC (Optimism in production, the devnet's stand-in in dev):
 * the custody address of an fid is the only key whose sign-in counts for it.
 */
import { TIME } from '@walletframe/protocol'
import { type Address, createPublicClient, http, parseAbi } from 'viem'
import type { FarcasterConfig } from '../config.ts'

const ID_REGISTRY_ABI = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])

export interface IdRegistry {
  /** The zero address for an fid that does not exist. Rejects when the RPC cannot be read. */
  custodyOf(fid: bigint): Promise<Address>
}

export function idRegistryReader(config: Pick<FarcasterConfig, 'rpcUrl' | 'idRegistry'>): IdRegistry {
  const client = createPublicClient({
    transport: http(config.rpcUrl, { timeout: TIME.httpTimeoutMs, retryCount: 1 }),
  })
  return {
    custodyOf: (fid) =>
      client.readContract({
        address: config.idRegistry,
        abi: ID_REGISTRY_ABI,
        functionName: 'custodyOf',
        args: [fid],
      }),
  }
}
