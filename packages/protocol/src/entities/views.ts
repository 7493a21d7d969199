import * as z from 'zod/mini'

/**
 * The fourteen named views of spec §2, plus the network list and the embedded wallet's email views
 * (spec §2: "email" layouts, not shown there): `Email` follows the login after the address is
 * sent (code, device link, wallet setup), `EmailUpdate` the address change of spec §4.
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
] as const
export const ViewNameSchema = z.enum(VIEW_NAMES)
export type ViewName = z.infer<typeof ViewNameSchema>

export const ModalStateSchema = z.object({
  open: z.boolean(),
  view: ViewNameSchema,
})
export type ModalState = z.infer<typeof ModalStateSchema>
