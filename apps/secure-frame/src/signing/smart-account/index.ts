/** The embedded wallet's smart account (issue 14): address, user operations, signatures, batch status. */
export { isDeployed, smartAccountAddress, smartAccountOf } from './account.ts'
export { findSentBatch, transactionStatus, userOperationStatus } from './calls-status.ts'
export { chainClient } from './chain-client.ts'
export { smartAccountPersonalSign, smartAccountSignTypedData } from './sign.ts'
export { sendUserOperation, waitForUserOperation } from './user-operation.ts'
