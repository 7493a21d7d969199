/**
 * Social and Farcaster login of the embedded wallet (spec §1, §5, §7, §9; docs/social-login.md).
 * The modal opens the provider's page in a popup from the user's click; the provider sends the
 * popup back to the key server's callback page (key origin, first-party), which posts the URL it
 * was sent to — code and state — to its opener, the modal, and closes. The modal hands that URI to
 * the key frame (frame.connectSocial), whose server checks state, PKCE and the token.
 */
import type * as z from 'zod/mini'
import type { SocialProviderSchema } from '../entities/options.ts'

/** Spec §9: the socials shown by default, in this order. */
export const DEFAULT_SOCIALS = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const satisfies readonly z.infer<typeof SocialProviderSchema>[]

// The callback page's message to the modal is SocialCallbackMessageSchema (key-server/social.ts).

/** The popup's name, so that a second click reuses the window instead of stacking popups. */
export const SOCIAL_POPUP_NAME = 'walletframe-social-login'
