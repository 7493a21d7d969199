/** User-visible texts of spec §8: toasts and alerts. Each alert has a unique reason like an error. */
import { MODAL_AUTH_INIT_FAILED, MODAL_SWITCH_NETWORK_NOT_FOUND } from './modal-errors.ts'

/** Toast texts. */
export const UI_MESSAGES = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToDisconnect: 'Failed to disconnect',
  failedToFetchTransactions: 'Failed to fetch transactions',
  somethingWentWrong: 'Something went wrong',
  /** Spec §4 "Sending a token", §8: a transaction the user sent (a send, a swap) is on its way. */
  transactionStarted: 'Transaction started',
  /** Spec §8: a Solana send the wallet or the network refused (issue 15). */
  failedToSendTransaction: 'Failed to send transaction. Please try again.',
  addressCopied: 'Address copied',
  linkCopied: 'Link copied',
  connectionDeclined: 'Connection declined',
  /** Spec §8: while an embedded-wallet login step runs. */
  authenticating: 'Authenticating...',
  /** Spec §6: shown 300 ms after a disallowed RPC method opened the modal. */
  actionNotAllowed: 'Action not allowed',
  /** Spec §4 wallet sign-in, §8: the wallet did not sign the sign-in message (or the API refused it). */
  signatureDeclined: 'Signature declined',
  /** Spec §8: instead of 'Signature declined' when the account that did not sign in is a smart account. */
  smartAccountSignInFailed: 'This application might not support Smart Accounts',
  /** Spec §8: the name suggestions could not be read. */
  nameSuggestionsFailed: 'Error fetching name suggestions',
} as const

/**
 * Spec §5 "Sending": what a send still needs, one message per missing field (native: receiver,
 * amount, gas price, decimals; ERC-20: token address, amount, receiver), and the insufficient-gas rule.
 */
export const SEND_MESSAGES = {
  token: 'Select a token to send',
  receiver: 'Enter a receiver address or name',
  receiverUnknown: 'No account has this name',
  amount: 'Enter an amount',
  amountTooLarge: 'The amount is more than the balance',
  gasPrice: 'The gas price is not known yet',
  decimals: "The token's decimals are not known",
  insufficientGas: 'Insufficient funds for gas',
  /** Spec §5: a Solana send whose amount or receiver (a base58 address) is not valid. */
  invalidAmountOrReceiver: 'Please enter a valid amount and receiver address',
} as const
export type SendMessage = keyof typeof SEND_MESSAGES

export interface Alert {
  readonly reason: string
  readonly title: string
  readonly description: string
}

/** Alerts: a short title and a longer description, shown in place of the modal. */
export const ALERTS = {
  invalidAppConfiguration: {
    reason: 'InvalidAppConfiguration',
    title: 'Invalid App Configuration',
    description:
      'This page is not allowed to use this WalletFrame project. Add its origin to the allowed origins.',
  },
  invalidProjectId: {
    reason: 'InvalidProjectId',
    title: 'Invalid Project ID',
    description: 'The project ID is not known to this WalletFrame host.',
  },
  projectIdNotConfigured: {
    reason: 'ProjectIdNotConfigured',
    title: 'Project ID Not Configured',
    description: 'Pass a projectId to createWalletFrame().',
  },
  /** Spec §8: social, email, device, otp and redirect requests time out after 30 s. */
  socialsTimeout: {
    reason: 'SocialsTimeout',
    title: 'Request timed out',
    description: 'The sign-in step took too long to answer. Check your connection and try again.',
  },
  /** Spec §8: the embedded wallet's frame failed to load (its origin refused this modal). */
  embeddedWalletUnavailable: {
    reason: 'EmbeddedWalletUnavailable',
    title: 'Invalid App Configuration',
    description: 'Unable to load email login dependency.',
  },
  /** Spec §8: the host asked to switch to a network missing from its configured list. */
  networkNotFound: {
    reason: 'NetworkNotFound',
    title: MODAL_SWITCH_NETWORK_NOT_FOUND.message,
    description: "This network is not in the app's list of networks. Choose one of the networks it offers.",
  },
  /** Spec §8: the key server refused the embedded wallet's session; the user is disconnected. */
  sessionExpired: {
    reason: 'SessionExpired',
    title: 'Session Expired',
    description:
      "Your wallet session is no longer valid. Check your device's date and time settings, then connect again.",
  },
  /** Spec §8: the embedded wallet's user could not be read after its login; the user is disconnected. */
  authInitFailed: {
    reason: 'AuthenticationInitFailed',
    title: MODAL_AUTH_INIT_FAILED.message,
    description: 'Your wallet could not be opened, so you have been disconnected. Connect again.',
  },
  standalone: {
    reason: 'Standalone',
    title: 'WalletFrame',
    description: 'This is the WalletFrame modal. It opens inside an app that uses WalletFrame.',
  },
} as const satisfies Record<string, Alert>
