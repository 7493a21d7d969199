import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../caip.ts'

/**
 * The tracking events of spec §4 ("Disconnect", "Modal") and §7 (`POST /e`), named once. Their
 * properties are closed shapes: an event carries no address, amount or token value (privacy), and
 * the API refuses one that tries (docs/analytics.md).
 */
export const ANALYTICS_EVENTS = {
  modalOpen: 'MODAL_OPEN',
  modalClose: 'MODAL_CLOSE',
  selectWallet: 'SELECT_WALLET',
  connectSuccess: 'CONNECT_SUCCESS',
  connectError: 'CONNECT_ERROR',
  disconnectSuccess: 'DISCONNECT_SUCCESS',
  disconnectError: 'DISCONNECT_ERROR',
  switchNetwork: 'SWITCH_NETWORK',
  sendInitiated: 'SEND_INITIATED',
  sendSuccess: 'SEND_SUCCESS',
  sendError: 'SEND_ERROR',
  swapInitiated: 'SWAP_INITIATED',
  swapSuccess: 'SWAP_SUCCESS',
  swapError: 'SWAP_ERROR',
} as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS]

/** How the user connects: a page wallet, WalletConnect's QR code or link, the embedded wallet. */
export const CONNECT_PLATFORMS = ['browser', 'qrcode', 'email', 'social'] as const
const PlatformSchema = z.enum(CONNECT_PLATFORMS)
const WalletNameSchema = z.string().check(z.maxLength(100, 'must be at most 100 characters'))
const NetworkIdSchema = z.string().check(z.regex(CAIP2_PATTERN, 'must be a CAIP-2 network id'))

const track = <E extends AnalyticsEventName, P extends z.core.$ZodLooseShape>(event: E, properties: P) =>
  z.strictObject({
    type: z.literal('track'),
    event: z.literal(event),
    properties: z.strictObject(properties),
  })

const onNetwork = { network: NetworkIdSchema }

/** `props` of a `POST /e` body: `{ type: 'track', event, properties }`, one shape per event name. */
export const AnalyticsPropsSchema = z.discriminatedUnion('event', [
  track(ANALYTICS_EVENTS.modalOpen, { connected: z.boolean() }),
  track(ANALYTICS_EVENTS.modalClose, { connected: z.boolean() }),
  track(ANALYTICS_EVENTS.selectWallet, { name: WalletNameSchema, platform: PlatformSchema }),
  track(ANALYTICS_EVENTS.connectSuccess, { name: WalletNameSchema, platform: PlatformSchema }),
  // Why, as a word: a wallet's message may quote an address or an amount.
  track(ANALYTICS_EVENTS.connectError, { platform: PlatformSchema, reason: z.enum(['declined', 'failed']) }),
  track(ANALYTICS_EVENTS.disconnectSuccess, {}),
  track(ANALYTICS_EVENTS.disconnectError, {}),
  track(ANALYTICS_EVENTS.switchNetwork, onNetwork),
  track(ANALYTICS_EVENTS.sendInitiated, onNetwork),
  track(ANALYTICS_EVENTS.sendSuccess, onNetwork),
  track(ANALYTICS_EVENTS.sendError, onNetwork),
  track(ANALYTICS_EVENTS.swapInitiated, onNetwork),
  track(ANALYTICS_EVENTS.swapSuccess, onNetwork),
  track(ANALYTICS_EVENTS.swapError, onNetwork),
])
export type AnalyticsProps = z.infer<typeof AnalyticsPropsSchema>
/** What the modal's code tracks: the props without the constant `type`. */
export type TrackedEvent = AnalyticsProps extends infer P
  ? P extends { event: infer E; properties: infer Q }
    ? { event: E; properties: Q }
    : never
  : never
