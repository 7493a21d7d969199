/** The WalletConnect feature as other features see it. */

export * from './deep-links.ts'
export * from './QrCode.tsx'
export * from './session-walletconnect.ts'
