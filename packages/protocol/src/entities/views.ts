import * as z from 'zod/mini'

/** The fourteen named views of spec §2, plus the network list. */
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
] as const
export const ViewNameSchema = z.enum(VIEW_NAMES)
export type ViewName = z.infer<typeof ViewNameSchema>

export const ModalStateSchema = z.object({
  open: z.boolean(),
  view: ViewNameSchema,
})
export type ModalState = z.infer<typeof ModalStateSchema>
