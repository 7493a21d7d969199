/**
 * EIP-5792 in the e2e WalletConnect wallet (support/walletconnect.ts): `wallet_sendCalls` sends each
 * call as its own transaction (an EOA wallet without atomic batches, `atomic: unsupported`),
 * `wallet_getCallsStatus` reads their receipts from the chain, `wallet_getCapabilities` says so. As a
 * real EOA wallet does, so that the modal's pass-through is proven against one.
 */
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  hexToBigInt,
  http,
  type PrivateKeyAccount,
  toHex,
} from 'viem'

type Call = { to: Hex; value?: Hex; data?: Hex }

export function createWalletCalls(account: PrivateKeyAccount, chains: readonly Chain[]) {
  const bundles = new Map<string, { chain: Chain; hashes: Hex[] }>()
  const chainOf = (chainId: unknown) => chains.find((chain) => toHex(chain.id) === chainId)
  return {
    /** The answer to `method`, or undefined when it is not an EIP-5792 method. */
    async answer(method: string, params: unknown): Promise<{ result: unknown } | undefined> {
      const [first] = params as [unknown]
      if (method === 'wallet_getCapabilities') {
        // EIP-5792: the chains asked for, else every chain.
        const asked = (params as [unknown, Hex[]?])[1]
        const ids = chains.map((chain) => toHex(chain.id)).filter((id) => !asked || asked.includes(id))
        return { result: Object.fromEntries(ids.map((id) => [id, { atomic: { status: 'unsupported' } }])) }
      }
      if (method === 'wallet_sendCalls') {
        const { chainId, calls } = first as { chainId: Hex; calls: Call[] }
        const chain = chainOf(chainId)
        if (!chain) throw new Error(`no chain ${chainId}`)
        const client = createWalletClient({ account, chain, transport: http() })
        const hashes: Hex[] = []
        for (const call of calls)
          hashes.push(
            await client.sendTransaction({
              to: call.to,
              ...(call.value ? { value: hexToBigInt(call.value) } : {}),
              ...(call.data ? { data: call.data } : {}),
            }),
          )
        const id = hashes[0]!
        bundles.set(id, { chain, hashes })
        return { result: { id } }
      }
      if (method === 'wallet_getCallsStatus') {
        const bundle = bundles.get(first as string)
        if (!bundle) throw new Error('unknown bundle id')
        const client = createPublicClient({ chain: bundle.chain, transport: http() })
        const receipts = await Promise.all(
          bundle.hashes.map((hash) => client.waitForTransactionReceipt({ hash })),
        )
        const ok = receipts.every((receipt) => receipt.status === 'success')
        return {
          result: {
            version: '2.0.0',
            id: first,
            chainId: toHex(bundle.chain.id),
            status: ok ? 200 : 600,
            atomic: false,
            receipts: receipts.map((r) => ({
              status: r.status === 'success' ? '0x1' : '0x0',
              transactionHash: r.transactionHash,
            })),
          },
        }
      }
      return undefined
    },
  }
}
