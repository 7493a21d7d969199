import * as z from 'zod/mini'

/**
 * The fourteen named views of spec §2, plus the network list and the embedded wallet's email views
 * (spec §2: "email" layouts, not shown there): `Email` follows the login after the address is
 * sent (code, device link, wallet setup), `EmailUpdate` the address change of spec §4, and
 * `ConnectingSocial` the social login (spec §2 "socials" layouts, not shown there): the provider's
 * popup, then a code or wallet setup when the key frame asks for one. `OnRamp` is Buy (spec §2
 * "on-ramp" layouts, not shown there): amount, quote, then the provider's checkout window.
 * `WalletSend`, `WalletSendPreview` and `WalletReceive` are the send and receive layouts (spec §2: "send,
 * receive … load only when the matching feature is enabled"). `CallsStatus` is the embedded
 * wallet's answer to EIP-5792 `wallet_showCallsStatus`: a bundle's status (issue 14).
 */
export const VIEW_NAMES = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Swap',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Networks',
  'Email',
  'EmailUpdate',
  'ConnectingSocial',
  'OnRamp',
  'WalletSend',
  'WalletSendPreview',
  'WalletReceive',
  'CallsStatus',
] as const
export const ViewNameSchema = z.enum(VIEW_NAMES)
export type ViewName = z.infer<typeof ViewNameSchema>

export const ModalStateSchema = z.object({
  open: z.boolean(),
  view: ViewNameSchema,
})
export type ModalState = z.infer<typeof ModalStateSchema>
