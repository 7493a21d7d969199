/** @walletframe/sdk/button: the `<walletframe-button>` custom element, apart from the SDK so its size stays its own. */
export { defineWalletFrameButton, WALLETFRAME_BUTTON_TAG, type WalletFrameButtonElement } from './button.ts'
