/** A wallet injected into the host page, reached through the SDK (`host.walletRequest`). */
import {
  fromHexChainId,
  type Messenger,
  MODAL_ERRORS,
  TIME,
  type WalletDescriptor,
  WalletFrameError,
} from '@walletframe/protocol'
import type { ConnectedAccount, WalletConnector } from '../core/index.ts'

function firstAddress(accounts: unknown): string | undefined {
  return Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined
}

export function createInjectedConnector(
  wallet: WalletDescriptor,
  messenger: Messenger<'modal'>,
): WalletConnector {
  const request = (method: string, params?: unknown, timeoutMs?: number) =>
    messenger.request(
      'host.walletRequest',
      { walletId: wallet.id, method, ...(params === undefined ? {} : { params: params as unknown[] }) },
      timeoutMs === undefined ? {} : { timeoutMs },
    )
  /** Calls that show the user nothing get the HTTP deadline, not the 10 minutes a prompt may take. */
  const silent = (method: string, params?: unknown) => request(method, params, TIME.httpTimeoutMs)

  const account = async (accounts: unknown): Promise<ConnectedAccount | undefined> => {
    const address = firstAddress(accounts)
    if (!address) return undefined
    const chainId = fromHexChainId(await silent('eth_chainId'))
    if (chainId === undefined) throw new WalletFrameError(MODAL_ERRORS.walletBadChainId)
    return { address, chainId }
  }

  return {
    id: wallet.id,
    name: wallet.name,
    type: wallet.type,
    request: (method, params) => request(method, params),
    async connect() {
      const connected = await account(await request('eth_requestAccounts'))
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
