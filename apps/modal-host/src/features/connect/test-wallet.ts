/**
 * Test support (used by co-located `*.test.ts` files only): a real SDK↔modal channel over a
 * `MessageChannel`, and a small fake of a wallet injected into the host page that answers the
 * modal's `host.walletRequest` calls the way an EIP-1193 provider would.
 */
import {
  createMessenger,
  createZodValidator,
  fromHexChainId,
  type Messenger,
  PROVIDER_ERRORS,
  RPC_ERRORS,
  toHexChainId,
  type WalletDescriptor,
} from '@walletframe/protocol'

/** The first two accounts of the devnet mnemonic. */
export const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An EIP-1193 provider error: an object with a numeric `code` and a `message`. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export type WalletHandler = (params: unknown) => unknown

export interface FakeWallet {
  descriptor: WalletDescriptor
  /** Method → handler; replace entries to change how the wallet answers. */
  handlers: Record<string, WalletHandler>
  /** Every request the wallet received, in order. */
  calls: { method: string; params: unknown }[]
  state: { address: string; chainId: number; permitted: boolean; knownChains: Set<number> }
}

export function createFakeWallet(
  options: {
    id?: string
    name?: string
    address?: string
    chainId?: number
    knownChains?: number[]
    permitted?: boolean
  } = {},
): FakeWallet {
  const id = options.id ?? 'dev.walletframe.testwallet'
  const state = {
    address: options.address ?? ALICE,
    chainId: options.chainId ?? 31_337,
    permitted: options.permitted ?? false,
    knownChains: new Set(options.knownChains ?? [31_337, 31_338]),
  }
  const firstParam = (params: unknown) =>
    (Array.isArray(params) ? params[0] : undefined) as Record<string, unknown>
  const handlers: Record<string, WalletHandler> = {
    eth_requestAccounts: () => {
      state.permitted = true
      return [state.address]
    },
    eth_accounts: () => (state.permitted ? [state.address] : []),
    eth_chainId: () => toHexChainId(state.chainId),
    wallet_switchEthereumChain: (params) => {
      const chainId = fromHexChainId(firstParam(params)?.chainId)
      if (chainId === undefined || !state.knownChains.has(chainId)) {
        throw new ProviderRpcError(
          PROVIDER_ERRORS.unrecognizedChain.code,
          PROVIDER_ERRORS.unrecognizedChain.message,
        )
      }
      state.chainId = chainId
      return null
    },
    wallet_addEthereumChain: (params) => {
      const chainId = fromHexChainId(firstParam(params)?.chainId)
      if (chainId === undefined)
        throw new ProviderRpcError(RPC_ERRORS.invalidParams.code, RPC_ERRORS.invalidParams.message)
      state.knownChains.add(chainId)
      return null
    },
    personal_sign: () => `0x${'ab'.repeat(65)}`,
    wallet_revokePermissions: () => {
      state.permitted = false
      return null
    },
  }
  return {
    descriptor: { id, name: options.name ?? 'Test Wallet', rdns: id, type: 'ANNOUNCED', installed: true },
    handlers,
    calls: [],
    state,
  }
}

/** Answers once with the given provider error, then as before. */
export function rejectOnce(wallet: FakeWallet, method: string, code: number, message: string): void {
  const original = wallet.handlers[method]
  wallet.handlers[method] = () => {
    wallet.handlers[method] = original!
    throw new ProviderRpcError(code, message)
  }
}

/** A real channel: the host side (as the SDK) on port1, the modal side on port2. */
export function openChannel(): { host: Messenger<'parent'>; modal: Messenger<'child'>; close(): void } {
  const { port1, port2 } = new MessageChannel()
  const host = createMessenger<'parent'>({ port: port1, side: 'parent', validator: createZodValidator() })
  const modal = createMessenger<'child'>({ port: port2, side: 'child', validator: createZodValidator() })
  return {
    host,
    modal,
    close() {
      modal.destroy()
      host.destroy()
    },
  }
}

/**
 * Plays the SDK's part of `host.walletRequest`: runs the request on the injected wallet whose id
 * is `walletId` and returns its result, or throws its `{code, message}`.
 */
export function serveWallets(host: Messenger<'parent'>, wallets: readonly FakeWallet[]): void {
  host.handle('host.walletRequest', async ({ walletId, method, params }) => {
    const wallet = wallets.find((candidate) => candidate.descriptor.id === walletId)
    if (!wallet) throw new ProviderRpcError(4100, `No wallet ${walletId}`)
    wallet.calls.push({ method, params })
    const handler = wallet.handlers[method]
    if (!handler) throw new ProviderRpcError(4200, `The wallet does not support ${method}`)
    return (await handler(params)) ?? null
  })
}
