/** The dapp-request feature as other features see it. */
export * from './json-rpc.ts'
export * from './rpc-reader.ts'
