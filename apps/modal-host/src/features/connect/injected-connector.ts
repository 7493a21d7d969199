/** A wallet injected into the host page, reached through the SDK (`host.walletRequest`). */
import {
  fromHexChainId,
  type Messenger,
  MODAL_ERRORS,
  type RequestOptions,
  TIME,
  validEvmAccounts,
  type WalletDescriptor,
  WalletFrameError,
} from '@walletframe/protocol'
import type { ConnectedAccount, WalletConnector } from '../core/index.ts'

/**
 * The first account of a wallet's answer. A page wallet is any script of the host page: an answer
 * that is no list of valid addresses (20-byte hex, EIP-55 when mixed case) is an error, not an
 * account (issue 10).
 */
function firstAddress(accounts: unknown): string | undefined {
  const valid = validEvmAccounts(accounts)
  if (!valid) throw new WalletFrameError(MODAL_ERRORS.walletBadAddress)
  return valid[0]
}

export function createInjectedConnector(
  wallet: WalletDescriptor,
  messenger: Messenger<'child'>,
): WalletConnector {
  /**
   * `signal`: the handler's signal of the request this one serves (wallet.connect, rpc.request,
   * network.switch), so that cancelling that one also ends the wallet's prompt in the page.
   */
  const request = (method: string, params?: unknown, options: RequestOptions = {}) =>
    messenger.request(
      'host.walletRequest',
      { walletId: wallet.id, method, ...(params === undefined ? {} : { params: params as unknown[] }) },
      options,
    )
  /** Calls that show the user nothing get the HTTP deadline, not the 10 minutes a prompt may take. */
  const silent = (method: string, params?: unknown, signal?: AbortSignal) =>
    request(method, params, { timeoutMs: TIME.httpTimeoutMs, signal })

  const account = async (accounts: unknown, signal?: AbortSignal): Promise<ConnectedAccount | undefined> => {
    const address = firstAddress(accounts)
    if (!address) return undefined
    const chainId = fromHexChainId(await silent('eth_chainId', undefined, signal))
    if (chainId === undefined) throw new WalletFrameError(MODAL_ERRORS.walletBadChainId)
    return { address, chainId }
  }

  return {
    id: wallet.id,
    name: wallet.name,
    type: wallet.type,
    request: (method, params, options) => request(method, params, options),
    async connect({ signal } = {}) {
      const connected = await account(await request('eth_requestAccounts', undefined, { signal }), signal)
      if (!connected) throw new WalletFrameError(MODAL_ERRORS.walletNoAccount)
      return connected
    },
    async reconnect() {
      return account(await silent('eth_accounts'))
    },
    async disconnect() {
      // Wallets that support it forget the permission; the others keep it (not an error). Not
      // awaited: disconnecting must not wait on a wallet that never answers.
      void silent('wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined)
    },
  }
}
