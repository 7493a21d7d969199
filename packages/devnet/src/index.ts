export * from './accounts.ts'
export * from './chains.ts'
export * from './child-process.ts'
export * from './devnet.ts'
export * from './fixtures/account-abstraction.ts'
export {
  DevnetCollection,
  DevnetIdRegistry,
  DevnetSmartWallet,
  DevnetSmartWalletFactory,
  DevnetToken,
} from './fixtures/artifacts.generated.ts'
export * from './fixtures/eip7702.ts'
export * from './fixtures/farcaster.ts'
export * from './fixtures/fixtures.ts'
export * from './fixtures/seed.ts'
export * from './fixtures/uniswap.ts'
export * from './solana/index.ts'
