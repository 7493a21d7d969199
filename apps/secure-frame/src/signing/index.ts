/** The key frame's answers to EIP-1193 requests: signing with the vault, and safe reads. */

export { type Call, readDelegation, sendCallsAsDelegatedEoa } from './eip7702/index.ts'
export { forwardRead } from './forward-read.ts'
export { personalSign } from './personal-sign.ts'
export { sendTransaction } from './send-transaction.ts'
export { signTypedDataV4 } from './sign-typed-data-v4.ts'
