/**
 * `getProvider('bip122')`: connect, the account's addresses (payment and ordinals), BIP-322
 * messages and PSBTs, in the bip122 vocabulary's shapes (base64). Routed like Solana's: straight to
 * the connected page wallet, otherwise to the modal.
 */
import type {
  Bip122RpcMethod,
  Bip122RpcParams,
  Bip122RpcResult,
  BitcoinAddress,
  NamespaceAccount,
} from '@walletframe/protocol/host'
import { PROVIDER_DISCONNECTED, WalletFrameError } from '@walletframe/protocol/host'
import type { Connection, NamespaceEvent, NamespaceListener } from '../wallet-standard/connection.ts'
import { serveBitcoin } from './page-wallet.ts'

type Without<P> = Omit<P, 'account'>

export interface BitcoinProvider {
  readonly isWalletFrame: true
  /** The connection as the modal reports it; `addresses` holds each address with its purpose. */
  getAccount(): NamespaceAccount
  /** Opens the modal on the Bitcoin wallets (or `walletId`'s flow); resolves once connected. */
  connect(options?: { walletId?: string }): Promise<NamespaceAccount>
  disconnect(): Promise<void>
  getAccountAddresses(): Promise<BitcoinAddress[]>
  /** BIP-322 by default; the signature in base64. */
  signMessage(params: Without<Bip122RpcParams<'signMessage'>>): Promise<Bip122RpcResult<'signMessage'>>
  /** A base64 PSBT in, signed (and broadcast where the connector does) out. */
  signPsbt(params: Without<Bip122RpcParams<'signPsbt'>>): Promise<Bip122RpcResult<'signPsbt'>>
  on(event: NamespaceEvent, listener: NamespaceListener): BitcoinProvider
  removeListener(event: NamespaceEvent, listener: NamespaceListener): BitcoinProvider
}

export function createBitcoinProvider(connection: Connection): BitcoinProvider {
  const request = async <M extends Bip122RpcMethod>(
    method: M,
    params: Without<Bip122RpcParams<M>>,
  ): Promise<Bip122RpcResult<M>> => {
    const { status, address } = connection.account()
    if (status !== 'connected' || !address) throw new WalletFrameError(PROVIDER_DISCONNECTED)
    const withAccount = { ...params, account: address }
    const page = connection.pageWallet()
    return (await (page
      ? serveBitcoin(page.wallet, connection)({ method, params: withAccount })
      : connection.viaModal(method, withAccount))) as Bip122RpcResult<M>
  }
  const provider: BitcoinProvider = {
    isWalletFrame: true,
    getAccount: connection.account,
    connect: (options = {}) => connection.connect(options.walletId),
    disconnect: connection.disconnect,
    getAccountAddresses: () => request('getAccountAddresses', {}),
    signMessage: (params) => request('signMessage', params),
    signPsbt: (params) => request('signPsbt', params),
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
