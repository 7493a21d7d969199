/**
 * Every catalogue entry in one list, for tests and tools (a test keeps reasons unique). Kept out of
 * the SDK's entry point: the list pulls in every table, which the host bundle does not need.
 */
import { API_ERRORS } from '../api/errors.ts'
import { KEY_SERVER_ERRORS } from '../key-server/errors.ts'
import { CHANNEL_ERRORS, MODAL_ERRORS, PROVIDER_ERRORS, RPC_ERRORS } from './catalogue.ts'
import { FRAME_ERRORS } from './frame-errors.ts'
import { ALERTS } from './messages.ts'
import { WALLET_CALL_ERRORS } from './wallet-call-errors.ts'

export const ERROR_CATALOGUE = [
  ...Object.values(PROVIDER_ERRORS),
  ...Object.values(RPC_ERRORS),
  ...Object.values(CHANNEL_ERRORS),
  ...Object.values(MODAL_ERRORS),
  ...Object.values(FRAME_ERRORS),
  ...Object.values(WALLET_CALL_ERRORS),
]

/** Every reason in use: numeric errors, API and key-server errors, and alerts. */
export const ALL_REASONS: readonly string[] = [
  ...ERROR_CATALOGUE.map((entry) => entry.reason),
  ...Object.values(API_ERRORS).map((entry) => entry.reason),
  ...Object.values(KEY_SERVER_ERRORS).map((entry) => entry.reason),
  ...Object.values(ALERTS).map((alert) => alert.reason),
]
