import { PROVIDER_UNAUTHORIZED, RPC_INVALID_PARAMS, WalletFrameError } from '@walletframe/protocol'

/**
 * Errors about a dapp's request, in the protocol's catalogue. The message names the method and
 * what is wrong with it, since the dapp's developer reads it; the code and reason are the catalogue's.
 */
export function invalidParamsError(method: string, problem: string, cause?: unknown): WalletFrameError {
  return new WalletFrameError(
    { ...RPC_INVALID_PARAMS, message: `${RPC_INVALID_PARAMS.message}: ${method} ${problem}` },
    { cause },
  )
}

/** The request names an account other than the wallet's (or the wallet holds no key to sign with). */
export function accountNotAuthorizedError(method: string, address: string): WalletFrameError {
  return new WalletFrameError(
    { ...PROVIDER_UNAUTHORIZED, message: `${method}: ${address} is not the account of this wallet.` },
    { details: PROVIDER_UNAUTHORIZED.message },
  )
}
