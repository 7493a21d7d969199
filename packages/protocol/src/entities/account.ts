import * as z from 'zod/mini'
import { EVM_ADDRESS_PATTERN } from '../caip.ts'

export const ConnectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected'])
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>

export const AddressSchema = z.string().check(z.regex(EVM_ADDRESS_PATTERN))

/** What the host learns of the account: public data only. */
export const AccountSnapshotSchema = z.object({
  status: ConnectionStatusSchema,
  address: z.optional(AddressSchema),
  chainId: z.optional(z.number().check(z.int(), z.minimum(1))),
  caipAddress: z.optional(z.string().check(z.maxLength(200))),
  connectorId: z.optional(z.string().check(z.maxLength(128))),
  /** Spec §3 account state `profileName`: the account's registered name (`/v1/identity`), when it has one. */
  profileName: z.optional(z.string().check(z.maxLength(255))),
})
export type AccountSnapshot = z.infer<typeof AccountSnapshotSchema>

export const ConnectResultSchema = z.object({
  address: AddressSchema,
  chainId: z.number().check(z.int(), z.minimum(1)),
  caipAddress: z.string().check(z.maxLength(200)),
})
export type ConnectResult = z.infer<typeof ConnectResultSchema>
