/** The build-time settings of the example (README.md); each has a default for `npm start`. */
interface ImportMetaEnv {
  readonly VITE_WALLETFRAME_PROJECT_ID?: string
  readonly VITE_WALLETFRAME_MODAL_URL?: string
  readonly VITE_DEVNET_A_RPC_URL?: string
  readonly VITE_DEVNET_B_RPC_URL?: string
}
