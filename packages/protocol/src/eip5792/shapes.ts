/**
 * EIP-5792 (wallet call API, version 2.0.0) shapes as they arrive from a dapp and as the wallet
 * answers: `wallet_sendCalls` params, `wallet_getCallsStatus` results, `wallet_getCapabilities`
 * answers. Spec §6 lists the methods; §8 their 57xx errors (errors/wallet-call-errors.ts).
 */
import * as z from 'zod/mini'
import { HEX_CHAIN_ID_PATTERN } from '../api/wallet-assets.ts'
import { AddressSchema } from '../entities/account.ts'

/** A JSON-RPC quantity of at most 32 bytes (leading zeros tolerated: some libraries add them). */
export const HEX_QUANTITY_PATTERN = /^0x[0-9a-fA-F]{1,64}$/
/** JSON-RPC data: 0x and whole bytes. */
export const HEX_DATA_PATTERN = /^0x([0-9a-fA-F]{2})*$/

/** The most calls one batch may hold: beyond it `wallet_sendCalls` answers 5740 (bundle too large). */
export const SEND_CALLS_MAX_CALLS = 32
/** EIP-5792: a batch id is a string of at most 4096 bytes. */
export const CALLS_ID_MAX_LENGTH = 4096

const HexChainId = z.string().check(z.regex(HEX_CHAIN_ID_PATTERN, 'must be a hex chain id such as 0x1'))
const HexQuantity = z.string().check(z.regex(HEX_QUANTITY_PATTERN, 'must be a hex quantity such as 0x1'))
const HexData = z
  .string()
  .check(z.maxLength(262_144), z.regex(HEX_DATA_PATTERN, 'must be hex bytes starting with 0x'))
const HttpUrl = z.string().check(z.maxLength(2048), z.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'))

/**
 * A requested capability: an object whose `optional: true` lets a wallet without it go on
 * (EIP-5792 "optional capabilities"); any other field is the capability's own.
 */
export const CapabilityRequestSchema = z.looseObject({ optional: z.optional(z.boolean()) })
export const CapabilityRequestsSchema = z.record(
  z.string().check(z.minLength(1), z.maxLength(100)),
  CapabilityRequestSchema,
)

/** ERC-7677: the paymaster service the dapp asks the wallet to use for the batch's gas. */
export const PaymasterServiceRequestSchema = z.object({
  url: HttpUrl,
  context: z.optional(z.record(z.string(), z.unknown())),
  optional: z.optional(z.boolean()),
})
export type PaymasterServiceRequest = z.infer<typeof PaymasterServiceRequestSchema>

export const SendCallsCallSchema = z.object({
  to: AddressSchema,
  value: z.optional(HexQuantity),
  data: z.optional(HexData),
  capabilities: z.optional(CapabilityRequestsSchema),
})

export const SendCallsParamsSchema = z.object({
  version: z.string().check(z.minLength(1), z.maxLength(16)),
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(CALLS_ID_MAX_LENGTH))),
  from: z.optional(AddressSchema),
  chainId: HexChainId,
  atomicRequired: z.boolean(),
  calls: z.array(SendCallsCallSchema).check(z.minLength(1)),
  capabilities: z.optional(CapabilityRequestsSchema),
})
export type SendCallsParams = z.infer<typeof SendCallsParamsSchema>

/** `wallet_sendCalls` answers the id of the batch, by which its status is asked. */
export const SendCallsResultSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(CALLS_ID_MAX_LENGTH)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})
export type SendCallsResult = z.infer<typeof SendCallsResultSchema>

/** EIP-5792 status codes of a batch. */
export const CALLS_STATUS = {
  /** Received by the wallet, not yet on chain. */
  pending: 100,
  /** Included on chain, every call succeeded. */
  confirmed: 200,
  /** Not included on chain, and never will be (the wallet may retry with another batch). */
  offchainFailure: 400,
  /** Included on chain, and reverted completely: nothing of it happened. */
  reverted: 500,
  /** Included on chain, some calls reverted (only a non-atomic batch). */
  partiallyReverted: 600,
} as const
export type CallsStatusCode = (typeof CALLS_STATUS)[keyof typeof CALLS_STATUS]

const Hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

export const CallsReceiptSchema = z.object({
  logs: z.array(z.object({ address: AddressSchema, data: HexData, topics: z.array(Hash) })),
  /** 0x1 success, 0x0 failure. */
  status: z.enum(['0x0', '0x1']),
  blockHash: Hash,
  blockNumber: HexQuantity,
  gasUsed: HexQuantity,
  transactionHash: Hash,
})
export type CallsReceipt = z.infer<typeof CallsReceiptSchema>

export const GetCallsStatusResultSchema = z.object({
  version: z.string(),
  id: z.string(),
  chainId: HexChainId,
  status: z.union(Object.values(CALLS_STATUS).map((code) => z.literal(code))),
  /** Whether the batch was (or will be) executed atomically. */
  atomic: z.boolean(),
  receipts: z.optional(z.array(CallsReceiptSchema)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})
export type GetCallsStatusResult = z.infer<typeof GetCallsStatusResultSchema>

/**
 * EIP-5792 `atomic` capability: `supported` — batches run atomically now; `ready` — the account can
 * be upgraded (EIP-7702) to run them so; `unsupported` — never.
 */
export const AtomicStatusSchema = z.enum(['supported', 'ready', 'unsupported'])
export type AtomicStatus = z.infer<typeof AtomicStatusSchema>

export const ChainCapabilitiesSchema = z.object({
  atomic: z.optional(z.object({ status: AtomicStatusSchema })),
  paymasterService: z.optional(z.object({ supported: z.boolean() })),
})
export type ChainCapabilities = z.infer<typeof ChainCapabilitiesSchema>

/**
 * The embedded wallet's `wallet_getCapabilities` answer: capabilities keyed by hex chain id
 * (`0x7a69`). (api/wallet-assets.ts reads any wallet's answer, of which it needs one capability.)
 */
export const CallCapabilitiesSchema = z.record(HexChainId, ChainCapabilitiesSchema)
export type CallCapabilities = z.infer<typeof CallCapabilitiesSchema>
