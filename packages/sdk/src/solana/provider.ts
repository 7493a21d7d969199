/**
 * `getProvider('solana')`: connect, sign, send, in the shapes Solana dapps use (bytes in, bytes or
 * a base58 signature out). Routed by the connection (../wallet-standard/connection.ts): straight to
 * the connected page wallet, otherwise to the modal in the solana vocabulary.
 */
import type {
  NamespaceAccount,
  SolanaRpcMethod,
  SolanaRpcParams,
  SolanaRpcResult,
  SolanaSendOptions,
} from '@walletframe/protocol/host'
import { PROVIDER_DISCONNECTED, solanaSendOptionsProblem, WalletFrameError } from '@walletframe/protocol/host'
import { fromBase58, fromBase64, toBase58, toBase64 } from '../wallet-standard/codec.ts'
import type { Connection, NamespaceEvent, NamespaceListener } from '../wallet-standard/connection.ts'
import { invalidParams } from '../wallet-standard/errors.ts'
import { serveSolana } from './page-wallet.ts'
import { type SolanaTransactionInput, transactionBytes } from './transaction.ts'

export type { SolanaTransactionInput }

export interface SolanaProvider {
  readonly isWalletFrame: true
  /** The connected account's address (base58), or undefined. */
  readonly publicKey: string | undefined
  /** The connection as the modal reports it (status, address, network, connector). */
  getAccount(): NamespaceAccount
  /** Opens the modal on the Solana wallets (or `walletId`'s flow); resolves once connected. */
  connect(options?: { walletId?: string }): Promise<{ publicKey: string }>
  /** Disconnects Solana only. */
  disconnect(): Promise<void>
  /** The ed25519 signature (64 bytes) of `message`. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /** The transaction signed, as wire bytes (web3.js: `VersionedTransaction.deserialize(bytes)`). */
  signTransaction(transaction: SolanaTransactionInput): Promise<Uint8Array>
  signAllTransactions(transactions: SolanaTransactionInput[]): Promise<Uint8Array[]>
  /** Signs, sends and returns the transaction's signature (its id) in base58. Options: spec §5. */
  signAndSendTransaction(transaction: SolanaTransactionInput, options?: SolanaSendOptions): Promise<string>
  /** `connect`, `disconnect`, `accountChanged`: each with the connection (getAccount()). */
  on(event: NamespaceEvent, listener: NamespaceListener): SolanaProvider
  removeListener(event: NamespaceEvent, listener: NamespaceListener): SolanaProvider
}

export function createSolanaProvider(connection: Connection): SolanaProvider {
  /** A method of the vocabulary, where the connected wallet lives. */
  const request = async <M extends SolanaRpcMethod>(
    method: M,
    params: SolanaRpcParams<M>,
  ): Promise<SolanaRpcResult<M>> => {
    const page = connection.pageWallet()
    if (!page)
      return (await connection.viaModal(method, params as Record<string, unknown>)) as SolanaRpcResult<M>
    const result = await serveSolana(page.wallet, connection)({ method, params })
    if (method === 'solana_signAndSendTransaction') connection.transactionSent(page.id)
    return result as SolanaRpcResult<M>
  }
  const address = () => {
    const { status, address } = connection.account()
    if (status !== 'connected' || !address) throw new WalletFrameError(PROVIDER_DISCONNECTED)
    return address
  }

  const provider: SolanaProvider = {
    isWalletFrame: true,
    get publicKey() {
      return connection.account().status === 'connected' ? connection.account().address : undefined
    },
    getAccount: connection.account,
    async connect(options = {}) {
      const account = await connection.connect(options.walletId)
      return { publicKey: account.address! }
    },
    disconnect: connection.disconnect,
    async signMessage(message) {
      if (!(message instanceof Uint8Array) || !message.length)
        throw invalidParams('the message must be a non-empty Uint8Array')
      const { signature } = await request('solana_signMessage', {
        message: toBase58(message),
        pubkey: address(),
      })
      return fromBase58(signature)
    },
    async signTransaction(transaction) {
      const bytes = toBase64(transactionBytes(transaction))
      return fromBase64((await request('solana_signTransaction', { transaction: bytes })).transaction)
    },
    async signAllTransactions(transactions) {
      if (!Array.isArray(transactions) || !transactions.length)
        throw invalidParams('pass a non-empty array of transactions')
      const encoded = transactions.map((t) => toBase64(transactionBytes(t)))
      return (await request('solana_signAllTransactions', { transactions: encoded })).transactions.map(
        fromBase64,
      )
    },
    async signAndSendTransaction(transaction, options) {
      // Spec §5: wrong options are named before anything is signed.
      const problem = solanaSendOptionsProblem(options)
      if (problem) throw invalidParams(problem)
      const params = {
        transaction: toBase64(transactionBytes(transaction)),
        ...(options && { sendOptions: options }),
      }
      return (await request('solana_signAndSendTransaction', params)).signature
    },
    on(event, listener) {
      connection.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      connection.removeListener(event, listener)
      return provider
    },
  }
  return provider
}
