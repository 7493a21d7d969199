export {
  AccountBook,
  DEV_PROVIDERS,
  type DevAccount,
  type DevProvider,
  listedAccounts,
  PROVIDER_LABELS,
} from './accounts.ts'
export { type DevOidcClient, type DevOidcOptions, type RunningDevOidc, startDevOidc } from './server.ts'
