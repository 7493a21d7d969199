/** Wallet Standard wallets in the host page (issue 15), as the SDK's adapters describe them. No zod: the SDK imports it. */

/** The id prefix of a Wallet Standard wallet's descriptor: `wallet-standard:<its name>`, stable across reloads. */
export const WALLET_STANDARD_ID_PREFIX = 'wallet-standard:'
