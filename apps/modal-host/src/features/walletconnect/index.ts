/** The WalletConnect feature as other features see it. */

export * from './deep-links.ts'
export * from './session-walletconnect.ts'
export { WALLETCONNECT_CONNECTOR_ID } from './walletconnect-connector.ts'
