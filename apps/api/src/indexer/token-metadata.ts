import { tokenAbi } from '../chain/erc.ts'
import type { Hex } from '../config.ts'
import type { Chain } from '../context.ts'

export interface TokenRecord {
  address: Hex
  standard: 'erc20' | 'erc721'
  name: string | null
  symbol: string | null
  decimals: number | null
}

const MAX_TEXT = { name: 128, symbol: 32, tokenUri: 8_192 } as const

/** Name, symbol and decimals of each token contract not stored yet (`known`), read once. */
export async function readTokenMetadata(
  chain: Chain,
  standards: ReadonlyMap<Hex, 'erc20' | 'erc721'>,
  known: ReadonlySet<Hex>,
): Promise<TokenRecord[]> {
  const fresh = [...standards].filter(([address]) => !known.has(address))
  return Promise.all(
    fresh.map(async ([address, standard]) => {
      const read = <T>(functionName: 'name' | 'symbol' | 'decimals') =>
        chain.client
          .readContract({ address, abi: tokenAbi, functionName })
          .then((value) => value as T)
          .catch(() => null) // a token without the optional metadata functions
      const [name, symbol, decimals] = await Promise.all([
        read<string>('name'),
        read<string>('symbol'),
        standard === 'erc20' ? read<number>('decimals') : Promise.resolve(null),
      ])
      return {
        address,
        standard,
        name: clean(name, MAX_TEXT.name),
        symbol: clean(symbol, MAX_TEXT.symbol),
        decimals: typeof decimals === 'number' ? decimals : null,
      }
    }),
  )
}

/** The tokenURI of each NFT, once per token; none when the contract does not answer. */
export async function readTokenUris(chain: Chain, nfts: ReadonlyArray<{ token: Hex; id: bigint }>) {
  const uris = new Map<string, string>()
  await Promise.all(
    nfts.map(async ({ token, id }) => {
      const uri = await chain.client
        .readContract({ address: token, abi: tokenAbi, functionName: 'tokenURI', args: [id] })
        .catch(() => null)
      const cleaned = clean(uri, MAX_TEXT.tokenUri)
      if (cleaned) uris.set(`${token}:${id}`, cleaned)
    }),
  )
  return uris
}

/**
 * Contract-supplied text is untrusted: Postgres text cannot hold NUL, and a hostile token could
 * answer megabytes. Too long → null (a cut URI would be wrong anyway).
 */
function clean(value: string | null, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = value.replaceAll('\u0000', '')
  return text.length > 0 && text.length <= max ? text : null
}
