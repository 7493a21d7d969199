import type { ApiCurrency, ForceUpdateToken, TokenBalance } from '@walletframe/protocol'
import { tokenAbi } from '../chain/erc.ts'
import { priceKey } from '../chain/prices.ts'
import { tokenBalance } from '../chain/token-balance.ts'
import type { Hex, TokenConfig } from '../config.ts'
import type { ApiContext, Chain } from '../context.ts'
import { ApiError } from '../errors.ts'

/**
 * Spec §5: balances only for chains that are not testnets; ChainConfig.pricedBalances says why a
 * devnet is served anyway. Chains left out answer nothing, and the modal shows 0.00.
 */
export function servesBalances(chain: Chain): boolean {
  return !chain.config.testnet || chain.config.pricedBalances
}

/**
 * The account's native and ERC-20 balances on `chains`, priced. ERC-20s are the configured ones plus
 * those the indexer saw the account send or receive. Tokens with 0 decimals (spec §5), spam
 * contracts and zero token balances are left out; the native balance is always there.
 */
export async function loadBalances(
  context: ApiContext,
  account: Hex,
  chains: readonly Chain[],
  currency: ApiCurrency,
  /** A token to include even if unseen and at 0 (forceUpdate's token form): on its chain, or any. */
  include?: ForceUpdateToken,
): Promise<TokenBalance[]> {
  const served = chains.filter(servesBalances)
  if (served.length === 0) return []
  const [seen, included] = await Promise.all([
    seenTokens(context, account, served),
    includedToken(served, include),
  ])

  const perChain = await Promise.all(
    served.map(async (chain) => {
      const spam = new Set<string>(chain.config.spamContracts)
      const tokens = new Map<string, TokenConfig>()
      const extra = included.get(chain.config.chainId)
      for (const token of [
        ...(seen.get(chain.config.chainId) ?? []),
        ...(extra ? [extra] : []),
        ...chain.config.tokens,
      ]) {
        // Configured metadata (and icon) wins over what the contract reported.
        if (token.decimals > 0 && !spam.has(token.address)) tokens.set(token.address, token)
      }
      // A token whose balanceOf reverts (anyone can airdrop such a contract to an account) is left
      // out; only the native balance failing means the chain itself is unavailable.
      const [native, ...amounts] = await Promise.all([
        chain.client.getBalance({ address: account }).catch((error: unknown) => {
          throw new ApiError('chainUnavailable', undefined, { cause: error })
        }),
        ...[...tokens.values()].map((token) =>
          chain.client
            .readContract({
              address: token.address,
              abi: tokenAbi,
              functionName: 'balanceOf',
              args: [account],
            })
            .catch(() => 0n),
        ),
      ])
      return {
        chain,
        native,
        tokens: [...tokens.values()].map((token, i) => ({ token, amount: amounts[i] ?? 0n })),
      }
    }),
  )

  const keys = perChain.flatMap(({ chain, tokens }) => [
    priceKey(chain.config.caipNetworkId, 'native'),
    ...tokens.map(({ token }) => priceKey(chain.config.caipNetworkId, token.address)),
  ])
  const prices = await context.prices.getPrices(keys, currency)

  return perChain.flatMap(({ chain, native, tokens }) => {
    const { caipNetworkId, nativeCurrency, nativeIconUrl } = chain.config
    const nativeKey = priceKey(caipNetworkId, 'native')
    const nativeEntry = tokenBalance({
      caipNetworkId,
      key: nativeKey,
      asset: { ...nativeCurrency, iconUrl: nativeIconUrl },
      amount: native,
      price: prices.get(nativeKey) ?? 0,
    })
    const asked = included.get(chain.config.chainId)?.address
    const tokenEntries = tokens
      .filter(({ token, amount }) => amount > 0n || token.address === asked)
      .map(({ token, amount }) => {
        const key = priceKey(caipNetworkId, token.address)
        return tokenBalance({ caipNetworkId, key, asset: token, amount, price: prices.get(key) ?? 0 })
      })
    return [nativeEntry, ...tokenEntries]
  })
}

/**
 * The token forceUpdate named, with its metadata read from each chain it may be on (its CAIP-10
 * chain, or every served chain for a bare address). A contract that does not answer as an ERC-20
 * there is left out, like a token whose balanceOf reverts.
 */
async function includedToken(
  chains: readonly Chain[],
  include: ForceUpdateToken | undefined,
): Promise<Map<number, TokenConfig>> {
  const found = new Map<number, TokenConfig>()
  if (!include) return found
  const candidates = chains.filter(
    (chain) => include.caipNetworkId === undefined || chain.config.caipNetworkId === include.caipNetworkId,
  )
  await Promise.all(
    candidates.map(async (chain) => {
      const configured = chain.config.tokens.find((token) => token.address === include.address)
      if (configured) return found.set(chain.config.chainId, configured)
      const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
        chain.client.readContract({ address: include.address, abi: tokenAbi, functionName })
      const [name, symbol, decimals] = await Promise.all([
        read('name'),
        read('symbol'),
        read('decimals'),
      ]).catch(() => [undefined, undefined, undefined] as const)
      if (symbol === undefined || decimals === undefined) return
      found.set(chain.config.chainId, { address: include.address, name: name ?? symbol, symbol, decimals })
    }),
  )
  return found
}

/**
 * At most this many seen tokens are read per answer (the most recently seen first): airdropping
 * thousands of junk tokens to an account must not turn each balance request into thousands of calls.
 */
const MAX_SEEN_TOKENS = 100

/** ERC-20s with known metadata that the indexer saw the account use, by chain. */
async function seenTokens(context: ApiContext, account: Hex, chains: readonly Chain[]) {
  const rows = await context.db.query<{
    chain_id: number
    address: Hex
    name: string | null
    symbol: string | null
    decimals: number | null
  }>(
    `SELECT t.chain_id, t.address, t.name, t.symbol, t.decimals
       FROM account_tokens a
       JOIN tokens t ON t.chain_id = a.chain_id AND t.address = a.token
      WHERE a.account = $1 AND a.chain_id = ANY($2::bigint[]) AND t.standard = 'erc20'
      ORDER BY a.first_block DESC
      LIMIT $3`,
    [account, chains.map((chain) => chain.config.chainId), MAX_SEEN_TOKENS],
  )
  const byChain = new Map<number, TokenConfig[]>()
  for (const row of rows) {
    // A contract that did not report its metadata cannot be shown (no decimals, no symbol).
    if (row.decimals === null || row.symbol === null) continue
    const list = byChain.get(row.chain_id) ?? []
    list.push({
      address: row.address,
      name: row.name ?? row.symbol,
      symbol: row.symbol,
      decimals: row.decimals,
    })
    byChain.set(row.chain_id, list)
  }
  return byChain
}
