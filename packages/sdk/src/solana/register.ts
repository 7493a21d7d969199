/**
 * WalletFrame as a Wallet Standard wallet (issue 15), so that Solana dapps on the wallet adapter
 * find it among their wallets, as EIP-1193 dapps find it through EIP-6963 (announce.ts). Every
 * call goes through the SDK's Solana provider; the `walletframe:wallet` feature keeps the adapters
 * from ever listing it as a page wallet (a loop).
 */
import type { NamespaceNetwork, SolanaSendOptions } from '@walletframe/protocol/host'
import { WALLETFRAME_NAME } from '@walletframe/protocol/host'
import { WALLETFRAME_ICON } from '../announce.ts'
import { fromBase58 } from '../wallet-standard/codec.ts'
import { caipToChain, chainToCaip, type NamespaceListener } from '../wallet-standard/connection.ts'
import type { StandardAccount, StandardWallet } from '../wallet-standard/types.ts'
import { WALLETFRAME_FEATURE } from '../wallet-standard/types.ts'
import type { SolanaProvider } from './provider.ts'

const SIGN_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
const TRANSACTION_VERSIONS = ['legacy', 0] as const
/** The Wallet Standard's `solana:signAndSendTransaction` options carry more than spec §5's: those are passed on. */
const SEND_OPTION_KEYS = ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'] as const

export function walletFrameStandardWallet(
  provider: SolanaProvider,
  networks: readonly NamespaceNetwork[],
  switchNetwork: (caipNetworkId: string) => Promise<void>,
): StandardWallet {
  const chains = networks.flatMap(
    (n) => (n.chainNamespace === 'solana' && caipToChain(n.caipNetworkId)) || [],
  )
  let cached: StandardAccount | undefined
  const accounts = (): StandardAccount[] => {
    const address = provider.publicKey
    if (!address) return []
    if (cached?.address !== address)
      cached = Object.freeze({
        address,
        publicKey: fromBase58(address),
        chains,
        features: SIGN_FEATURES,
      })
    return [cached]
  }
  /** A dapp that names another chain than the one connected: switched first, as the modal checks it. */
  const onChain = async (chain: unknown) => {
    const caip = typeof chain === 'string' ? chainToCaip(chain) : undefined
    if (caip && caip !== provider.getAccount().caipNetworkId) await switchNetwork(caip)
  }
  const changeListeners = new Set<NamespaceListener>()
  const changed = () => {
    for (const listener of changeListeners) listener({ accounts: accounts() })
  }
  for (const event of ['connect', 'disconnect', 'accountChanged'] as const) provider.on(event, changed)

  return {
    version: '1.0.0',
    name: WALLETFRAME_NAME,
    icon: WALLETFRAME_ICON,
    chains,
    get accounts() {
      return accounts()
    },
    features: {
      [WALLETFRAME_FEATURE]: { version: '1.0.0' },
      'standard:connect': {
        version: '1.0.0',
        // `silent`: the wallet adapter's auto-connect, which must not open the modal.
        async connect(input: { silent?: boolean } = {}) {
          if (!input.silent && !provider.publicKey) await provider.connect()
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: () => provider.disconnect() },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: NamespaceListener) {
          if (event !== 'change') return () => {}
          changeListeners.add(listener)
          return () => changeListeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { message: Uint8Array }[]) =>
          serially(inputs, async ({ message }) => ({
            signedMessage: message,
            signature: await provider.signMessage(message),
            signatureType: 'ed25519',
          })),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: TRANSACTION_VERSIONS,
        signTransaction: (...inputs: { transaction: Uint8Array; chain?: string }[]) =>
          serially(inputs, async ({ transaction, chain }) => {
            await onChain(chain)
            return { signedTransaction: await provider.signTransaction(transaction) }
          }),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: TRANSACTION_VERSIONS,
        signAndSendTransaction: (
          ...inputs: { transaction: Uint8Array; chain: string; options?: Record<string, unknown> }[]
        ) =>
          serially(inputs, async ({ transaction, chain, options = {} }) => {
            await onChain(chain)
            const picked = Object.fromEntries(
              SEND_OPTION_KEYS.filter((key) => options[key] !== undefined).map((key) => [key, options[key]]),
            ) as SolanaSendOptions
            return { signature: fromBase58(await provider.signAndSendTransaction(transaction, picked)) }
          }),
      },
    },
  }
}

/** One prompt at a time, in order: a wallet asks the user about each input in turn. */
async function serially<I, O>(inputs: I[], run: (input: I) => Promise<O>): Promise<O[]> {
  const out: O[] = []
  for (const input of inputs) out.push(await run(input))
  return out
}
