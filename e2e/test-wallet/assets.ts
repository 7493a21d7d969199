/**
 * EIP-5792 `wallet_getCapabilities` and EIP-7811 `wallet_getAssets` of the test wallet: what a
 * wallet with its own asset list answers, read live from the devnet (native balance and the
 * configured ERC-20s' balance, name, symbol and decimals), so a test can tell its answer was used.
 */
import { type Address, createPublicClient, erc20Abi, type Hex, http, toHex } from 'viem'

export interface AssetSource {
  chains: ReadonlyMap<number, string>
  tokens: readonly Address[]
}

export function capabilities(source: AssetSource): Record<Hex, unknown> {
  return Object.fromEntries(
    [...source.chains.keys()].map((chainId) => [toHex(chainId), { assetDiscovery: { supported: true } }]),
  )
}

export async function assets(
  source: AssetSource,
  request: { account: Address; chainFilter?: Hex[] },
): Promise<Record<Hex, unknown[]>> {
  const wanted = request.chainFilter?.map((chain) => Number.parseInt(chain, 16)) ?? [...source.chains.keys()]
  const answer: Record<Hex, unknown[]> = {}
  for (const chainId of wanted) {
    const rpcUrl = source.chains.get(chainId)
    if (!rpcUrl) continue
    const client = createPublicClient({ transport: http(rpcUrl) })
    const native = await client.getBalance({ address: request.account })
    const tokens = await Promise.all(
      source.tokens.map(async (address) => {
        const read = <F extends 'balanceOf' | 'name' | 'symbol' | 'decimals'>(functionName: F) =>
          client.readContract({
            address,
            abi: erc20Abi,
            functionName,
            ...(functionName === 'balanceOf' ? { args: [request.account] } : {}),
          } as never) as Promise<F extends 'balanceOf' ? bigint : F extends 'decimals' ? number : string>
        const [balance, name, symbol, decimals] = await Promise.all([
          read('balanceOf'),
          read('name'),
          read('symbol'),
          read('decimals'),
        ])
        return { address, balance: toHex(balance), type: 'ERC20', metadata: { name, symbol, decimals } }
      }),
    )
    answer[toHex(chainId)] = [{ address: 'native', balance: toHex(native), type: 'native' }, ...tokens]
  }
  return answer
}
