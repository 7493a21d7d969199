export * from './accounts.ts'
export * from './chains.ts'
export * from './devnet.ts'
