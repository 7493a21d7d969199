/** A wallet injected into the host page, reached through the SDK (`host.walletRequest`). */
import {
  fromHexChainId,
  type Messenger,
  RPC_ERRORS,
  type WalletDescriptor,
  WalletFrameError,
} from '@walletframe/protocol'
import type { ConnectedAccount, WalletConnector } from './connector.ts'

function firstAddress(accounts: unknown): string | undefined {
  return Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined
}

export function createInjectedConnector(
  wallet: WalletDescriptor,
  messenger: Messenger<'modal'>,
): WalletConnector {
  const request = (method: string, params?: unknown) =>
    messenger.request('host.walletRequest', {
      walletId: wallet.id,
      method,
      ...(params === undefined ? {} : { params: params as unknown[] }),
    })

  const account = async (accounts: unknown): Promise<ConnectedAccount | undefined> => {
    const address = firstAddress(accounts)
    if (!address) return undefined
    const chainId = fromHexChainId(await request('eth_chainId'))
    if (chainId === undefined)
      throw new WalletFrameError(RPC_ERRORS.invalidInput, { details: 'wallet sent a bad chain id' })
    return { address, chainId }
  }

  return {
    id: wallet.id,
    name: wallet.name,
    type: wallet.type,
    request,
    async connect() {
      const connected = await account(await request('eth_requestAccounts'))
      if (!connected)
        throw new WalletFrameError(RPC_ERRORS.resourceUnavailable, { details: 'wallet returned no account' })
      return connected
    },
    async reconnect() {
      return account(await request('eth_accounts'))
    },
    async disconnect() {
      // Wallets that support it forget the permission; the others simply keep it (not an error).
      await request('wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined)
    },
  }
}
