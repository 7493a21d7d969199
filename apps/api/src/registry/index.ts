export { AnalyticsStore } from './analytics.ts'
export { type CatalogSnapshot, selectWallets, WalletCatalog, type WalletCatalogOptions } from './catalog.ts'
export { monogramSvg } from './images.ts'
export { createRegistryRoutes, type RegistryDeps } from './routes.ts'
export {
  generateWallets,
  type RegistryWallet,
  SEED_VERSION,
  SEED_WALLET_COUNT,
  seedRegistry,
} from './seed.ts'
