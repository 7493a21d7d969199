import { RPC_INVALID_PARAMS, WalletFrameError } from '@walletframe/protocol/host'

/** -32602 with the problem as its message ("sendOptions.maxRetries must be a number (≥ 0)"). */
export const invalidParams = (message: string): WalletFrameError =>
  new WalletFrameError({ ...RPC_INVALID_PARAMS, message })
