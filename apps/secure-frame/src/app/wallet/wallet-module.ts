/**
 * Everything that needs viem's curves and clients — custody, signing, request descriptions — in one
 * chunk loaded on first use (wallet setup or an RPC request), so that the key frame's initial JS
 * stays within its 60 KB gzip budget (README.md).
 */
export { isAddressEqual } from 'viem'
export { describeRequest } from '../../approval/describe-request.ts'
export { createKeyVault } from '../../custody/vault.ts'
export { accountNotAuthorizedError } from '../../requests/request-errors.ts'
export { forwardRead, personalSign, sendTransaction, signTypedDataV4 } from '../../signing/index.ts'
export { createWallet } from './create-wallet.ts'
export { keyWindowCustody, passkeyCustody } from './device-custody.ts'
export { quoteFees } from './quote-fees.ts'
export { unlockWithKeyWindow, unlockWithPasskey, unlockWithRecoveryCode } from './unlock-wallet.ts'
