/** EIP-7702 for the embedded EOA (issue 14 point 4): its delegation, and batches run through it. */
export type { Call } from './call.ts'
export { readDelegation } from './read-delegation.ts'
export { sendCallsAsDelegatedEoa } from './send-calls-as-delegated-eoa.ts'
