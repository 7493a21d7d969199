/**
 * Everything that needs viem's or noble's curves and clients — custody (the EVM and the Solana key),
 * signing, request descriptions — in one
 * chunk loaded on first use (wallet setup or an RPC request), so that the key frame's initial JS
 * stays within its 60 KB gzip budget (README.md).
 */
export { isAddressEqual } from 'viem'
export { describeCalls } from '../../approval/describe-calls.ts'
export { describeEip7702Upgrade } from '../../approval/describe-eip7702-upgrade.ts'
export { describeRequest } from '../../approval/describe-request.ts'
export { describeSolanaRequest } from '../../approval/describe-solana.ts'
export { bytesToBase58 } from '../../custody/base58.ts'
export { createKeyVault } from '../../custody/vault.ts'
export { accountNotAuthorizedError } from '../../requests/request-errors.ts'
export {
  assertSolanaSigner,
  isSolanaSignMethod,
  parseSolanaSignRequest,
} from '../../requests/solana-params.ts'
export { parseTransactionParams } from '../../requests/transaction-params.ts'
export {
  forwardRead,
  personalSign,
  readDelegation,
  sendCallsAsDelegatedEoa,
  sendTransaction,
  signTypedDataV4,
} from '../../signing/index.ts'
export { createRpcClient } from '../../signing/rpc-client.ts'
export * from '../../signing/smart-account/index.ts'
export { sendSolanaTransaction, signSolanaTransaction } from '../../solana/sign.ts'
export { createWallet } from './create-wallet.ts'
export { keyWindowCustody, passkeyCustody } from './device-custody.ts'
export { quoteFees } from './quote-fees.ts'
export { unlockWithKeyWindow, unlockWithPasskey, unlockWithRecoveryCode } from './unlock-wallet.ts'
