/**
 * @walletframe/wagmi: WalletFrame as a wagmi connector (wagmi v2 and v3).
 * `createConfig({ connectors: [walletFrame({ projectId, modalUrl })], … })`.
 */
export { type WalletFrameParameters, walletFrame } from './connector.ts'
