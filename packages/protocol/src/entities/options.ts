import * as z from 'zod/mini'
import { CONNECT_METHODS, CONNECTOR_TYPE_ORDER, WALLET_FEATURES_ORDER } from '../constants.ts'

export const SocialProviderSchema = z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
])
export type SocialProvider = z.infer<typeof SocialProviderSchema>

/** spec §3 Feature options. Defaults: all on except legalCheckbox, smartSessions, collapseWallets. */
export const FeaturesSchema = z.object({
  swaps: z.optional(z.boolean()),
  onramp: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  emailShowWallets: z.optional(z.boolean()),
  socials: z.optional(z.union([z.literal(false), z.array(SocialProviderSchema).check(z.maxLength(7))])),
  connectorTypeOrder: z.optional(z.array(z.enum(CONNECTOR_TYPE_ORDER)).check(z.maxLength(7))),
  history: z.optional(z.boolean()),
  analytics: z.optional(z.boolean()),
  allWallets: z.optional(z.boolean()),
  legalCheckbox: z.optional(z.boolean()),
  smartSessions: z.optional(z.boolean()),
  collapseWallets: z.optional(z.boolean()),
  walletFeaturesOrder: z.optional(z.array(z.enum(WALLET_FEATURES_ORDER)).check(z.maxLength(4))),
  connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS)).check(z.maxLength(3))),
})
export type Features = z.infer<typeof FeaturesSchema>

export const MetadataSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  description: z.optional(z.string().check(z.maxLength(500))),
  url: z.optional(z.string().check(z.maxLength(2048))),
  icons: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(8))),
})
export type Metadata = z.infer<typeof MetadataSchema>
