import {
  API_PATHS,
  NATIVE_TOKEN_ADDRESS,
  SwapAllowanceQuerySchema,
  type SwapAllowanceResponse,
  SwapBuildApproveQuerySchema,
  SwapBuildTransactionQuerySchema,
  SwapBuildTransactionRequestSchema,
  SwapQuoteQuerySchema,
  type SwapQuotesResponse,
  SwapTokensQuerySchema,
  type SwapTokensResponse,
  type SwapTransactionResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Hex } from '../config.ts'
import type { ApiContext, ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { assertBodyProject } from '../middleware/project.ts'
import { requireJsonBody, validJson, validQuery } from '../middleware/validate.ts'
import { readGasPrice } from './gas-price.ts'
import type { SwapAsset, SwapTransactionRequest } from './provider.ts'

/** `eip155:<id>:<address>` (validated) as the chain id and the asset. */
function parseToken(caip10: string): { chainId: number; asset: SwapAsset } {
  const [, reference, address] = caip10.split(':') as [string, string, string]
  const lower = address.toLowerCase() as Hex
  return { chainId: Number(reference), asset: lower === NATIVE_TOKEN_ADDRESS ? 'native' : lower }
}

/** Both tokens of a swap, on one chain. */
function parsePair(from: string, to: string, where: 'query parameter' | 'body field' = 'query parameter') {
  const [a, b] = [parseToken(from), parseToken(to)]
  if (a.chainId !== b.chainId)
    throw new ApiError('invalidInput', `Invalid ${where} to: not on the same chain as from`)
  return { chainId: a.chainId, from: a.asset, to: b.asset }
}

/**
 * The `/v1/convert/*` routes of spec §7 over the configured SwapProviders (provider.ts). Each chain
 * must be served by a provider and be one of the API's chains (its node prices the gas); any other
 * is a 400 'Network not supported for Swaps' (spec §8).
 */
export function swapRoutes(context: ApiContext) {
  const served = (chainId: number) => {
    const provider = context.swaps.get(chainId)
    const chain = context.chains.get(chainId)
    if (!provider || !chain) throw new ApiError('swapsUnsupportedNetwork')
    return { provider, chain }
  }
  const transaction = (
    chainId: number,
    user: Hex,
    tx: SwapTransactionRequest,
    gasPrice: bigint,
  ): SwapTransactionResponse => ({
    tx: {
      from: `eip155:${chainId}:${user}`,
      to: `eip155:${chainId}:${tx.to.toLowerCase()}`,
      data: tx.data.toLowerCase(),
      value: tx.value.toString(),
      eip155: { gas: tx.gas.toString(), gasPrice: gasPrice.toString() },
    },
  })

  return new Hono<ApiEnv>()
    .get(API_PATHS.swapTokens, validQuery(SwapTokensQuerySchema), async (c) => {
      const chainId = Number(c.req.valid('query').chainId.slice('eip155:'.length))
      const body: SwapTokensResponse = { tokens: await served(chainId).provider.tokens(chainId) }
      return c.json(body)
    })
    .get(API_PATHS.swapQuotes, validQuery(SwapQuoteQuerySchema), async (c) => {
      const query = c.req.valid('query')
      const { chainId, from, to } = parsePair(query.from, query.to)
      const { provider, chain } = served(chainId)
      const amount = BigInt(query.amount)
      const [quote, gasPrice] = await Promise.all([
        provider.quote({ chainId, from, to, amount }),
        query.gasPrice === undefined ? readGasPrice(chain) : BigInt(query.gasPrice),
      ])
      const body: SwapQuotesResponse = {
        quotes: [
          {
            fromAmount: query.amount,
            fromAccount: query.from.toLowerCase(),
            toAmount: quote.toAmount.toString(),
            toAccount: query.to.toLowerCase(),
            priceImpact: quote.priceImpact,
            gasFee: (quote.gas * gasPrice).toString(),
          },
        ],
      }
      return c.json(body)
    })
    .get(API_PATHS.swapAllowance, validQuery(SwapAllowanceQuerySchema), async (c) => {
      const query = c.req.valid('query')
      const { chainId, asset } = parseToken(query.tokenAddress)
      const { provider } = served(chainId)
      // The native currency is sent along with the swap: nothing to approve.
      const allowance =
        asset === 'native'
          ? (2n ** 256n - 1n).toString()
          : (await provider.allowance({ chainId, token: asset, owner: query.userAddress })).toString()
      const body: SwapAllowanceResponse = { allowance }
      return c.json(body)
    })
    .get(API_PATHS.swapBuildApprove, validQuery(SwapBuildApproveQuerySchema), async (c) => {
      const query = c.req.valid('query')
      const { chainId, from } = parsePair(query.from, query.to)
      const { provider, chain } = served(chainId)
      if (from === 'native')
        throw new ApiError(
          'invalidInput',
          'Invalid query parameter from: the native currency needs no approval',
        )
      const amount = query.amount === undefined ? undefined : BigInt(query.amount)
      const [tx, gasPrice] = await Promise.all([
        provider.buildApprove({ chainId, token: from, owner: query.userAddress, amount }),
        readGasPrice(chain),
      ])
      return c.json(transaction(chainId, query.userAddress, tx, gasPrice))
    })
    .post(
      API_PATHS.swapBuildTransaction,
      validQuery(SwapBuildTransactionQuerySchema),
      ...requireJsonBody,
      validJson(SwapBuildTransactionRequestSchema),
      async (c) => {
        const request = c.req.valid('json')
        assertBodyProject(c.get('project'), request.projectId)
        const { chainId, from, to } = parsePair(request.from, request.to, 'body field')
        const { provider, chain } = served(chainId)
        // Percent with up to two decimals (validated) as basis points, exactly.
        const [whole, fraction = ''] = request.eip155.slippage.split('.')
        const slippageBps = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'))
        const [tx, gasPrice] = await Promise.all([
          provider.buildSwap({
            chainId,
            from,
            to,
            amount: BigInt(request.amount),
            user: request.userAddress,
            slippageBps,
            estimate: request.disableEstimate !== true,
          }),
          readGasPrice(chain),
        ])
        return c.json(transaction(chainId, request.userAddress, tx, gasPrice))
      },
    )
}
