/** The message the example asks the wallet to sign (the e2e spec verifies the signature over it). */
export const MESSAGE = 'Hello from the WalletFrame Next.js example'
