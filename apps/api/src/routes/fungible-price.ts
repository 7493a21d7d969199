import {
  API_PATHS,
  type FungiblePrice,
  FungiblePriceQuerySchema,
  FungiblePriceRequestSchema,
  type FungiblePriceResponse,
  NATIVE_TOKEN_ADDRESS,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { ApiContext, ApiEnv } from '../context.ts'
import { assertBodyProject } from '../middleware/project.ts'
import { requireJsonBody, validJson, validQuery } from '../middleware/validate.ts'

/**
 * `POST /v1/fungible/price` (spec §7): prices of the listed tokens. Tokens on chains the API does
 * not serve, or without a known price or metadata, are left out rather than failing the request,
 * as the modal asks for whole token lists at once.
 */
export function fungiblePriceRoute(context: ApiContext) {
  return new Hono<ApiEnv>().post(
    API_PATHS.fungiblePrice,
    validQuery(FungiblePriceQuerySchema),
    ...requireJsonBody,
    validJson(FungiblePriceRequestSchema),
    async (c) => {
      const request = c.req.valid('json')
      assertBodyProject(c.get('project'), request.projectId)
      const keys = [...new Set(request.addresses.map((address) => address.toLowerCase()))]
      const prices = await context.prices.getPrices(keys, request.currency)
      const metadata = await tokenMetadata(context, [...prices.keys()])
      const fungibles: FungiblePrice[] = []
      for (const [address, price] of prices) {
        const token = metadata.get(address)
        if (token) fungibles.push({ address, ...token, price })
      }
      const body: FungiblePriceResponse = { fungibles }
      return c.json(body)
    },
  )
}

type Metadata = { name: string; symbol: string; iconUrl: string }

/** Names and symbols: the chain's native currency and configured tokens, then the indexer's tokens table. */
async function tokenMetadata(context: ApiContext, keys: readonly string[]): Promise<Map<string, Metadata>> {
  const found = new Map<string, Metadata>()
  const lookups: Array<{ key: string; chainId: number; address: string }> = []
  for (const key of keys) {
    const [, reference, address] = key.split(':') as [string, string, string]
    const chain = context.chains.get(Number(reference))
    if (!chain) continue
    if (address === NATIVE_TOKEN_ADDRESS) {
      const { name, symbol } = chain.config.nativeCurrency
      found.set(key, { name, symbol, iconUrl: chain.config.nativeIconUrl ?? '' })
      continue
    }
    const token = chain.config.tokens.find((candidate) => candidate.address === address)
    if (token) found.set(key, { name: token.name, symbol: token.symbol, iconUrl: token.iconUrl ?? '' })
    else lookups.push({ key, chainId: chain.config.chainId, address })
  }
  if (lookups.length > 0) {
    const rows = await context.db.query<{
      chain_id: number
      address: string
      name: string | null
      symbol: string | null
    }>(
      `SELECT chain_id, address, name, symbol FROM tokens
        WHERE (chain_id, address) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))`,
      [lookups.map((lookup) => lookup.chainId), lookups.map((lookup) => lookup.address)],
    )
    for (const row of rows) {
      if (row.symbol === null) continue
      found.set(`eip155:${row.chain_id}:${row.address}`, {
        name: row.name ?? row.symbol,
        symbol: row.symbol,
        iconUrl: '',
      })
    }
  }
  return found
}
