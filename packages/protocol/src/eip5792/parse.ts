/**
 * Reads a dapp's EIP-5792 requests against what the wallet can do, failing with the code EIP-5792
 * gives each problem (spec §8 5700–5760): -32602 for a malformed request, 5710 for a chain the
 * wallet does not serve, 5740 for a batch too large, 5700 for a required capability it lacks,
 * 5760 for an atomic batch it cannot run atomically, 5720 for an id already used, 5730 for a status
 * asked of an unknown batch.
 */
import type * as z from 'zod/mini'
import { HEX_CHAIN_ID_PATTERN } from '../api/wallet-assets.ts'
import type { CatalogueEntry } from '../errors/catalogue.ts'
import { RPC_INVALID_PARAMS } from '../errors/catalogue.ts'
import {
  WALLET_CALL_ATOMICITY_NOT_SUPPORTED,
  WALLET_CALL_BUNDLE_TOO_LARGE,
  WALLET_CALL_DUPLICATE_ID,
  WALLET_CALL_UNSUPPORTED_CAPABILITY,
  WALLET_CALL_UNSUPPORTED_CHAIN,
} from '../errors/wallet-call-errors.ts'
import { WalletFrameError } from '../errors/walletframe-error.ts'
import {
  type AtomicStatus,
  CALLS_ID_MAX_LENGTH,
  type PaymasterServiceRequest,
  PaymasterServiceRequestSchema,
  SEND_CALLS_MAX_CALLS,
  SendCallsParamsSchema,
} from './shapes.ts'

type Address = `0x${string}`
type Hex = `0x${string}`

/** What the wallet offers the account the batch is for, on the batch's chain. */
export interface SendCallsWallet {
  /** Chains the wallet sends calls on. */
  chainIds: readonly number[]
  /** Capabilities it honours (EIP-5792 names: `paymasterService`, `atomic`…). */
  capabilities: readonly string[]
  atomic: AtomicStatus
  /** Whether a batch id was already used (EIP-5792: ids are unique per wallet). */
  isKnownId?: (id: string) => boolean
  maxCalls?: number
}

export interface SendCallsRequest {
  version: string
  id?: string
  from?: Address
  chainId: number
  atomicRequired: boolean
  calls: { to: Address; value?: bigint; data?: Hex }[]
  /** The ERC-7677 paymaster the dapp asked for, when the wallet supports it. */
  paymasterService?: PaymasterServiceRequest
}

const fail = (entry: CatalogueEntry, problem: string) =>
  new WalletFrameError({ ...entry, message: `${entry.message}: ${problem}` })

function shapeError(method: string, issues: readonly z.core.$ZodIssue[]): WalletFrameError {
  const [issue] = issues
  const where = issue?.path.length ? issue.path.join('.') : 'params'
  return fail(RPC_INVALID_PARAMS, `${method} ${where} ${issue?.message ?? 'is malformed'}.`)
}

/** The one object an EIP-5792 method takes, as `[object]` (EIP-1193 params). */
function single(method: string, params: unknown): unknown {
  if (!Array.isArray(params) || params.length !== 1)
    throw fail(RPC_INVALID_PARAMS, `${method} expects one object as its params.`)
  return params[0]
}

export function parseSendCallsParams(params: unknown, wallet: SendCallsWallet): SendCallsRequest {
  const parsed = SendCallsParamsSchema.safeParse(single('wallet_sendCalls', params))
  if (!parsed.success) throw shapeError('wallet_sendCalls', parsed.error.issues)
  const request = parsed.data
  const chainId = Number.parseInt(request.chainId.slice(2), 16)
  if (!wallet.chainIds.includes(chainId))
    throw fail(WALLET_CALL_UNSUPPORTED_CHAIN, `chain ${request.chainId}.`)
  const maxCalls = wallet.maxCalls ?? SEND_CALLS_MAX_CALLS
  if (request.calls.length > maxCalls)
    throw fail(WALLET_CALL_BUNDLE_TOO_LARGE, `${request.calls.length} calls, at most ${maxCalls}.`)
  const requested = [request.capabilities ?? {}, ...request.calls.map((call) => call.capabilities ?? {})]
  for (const capabilities of requested)
    for (const [name, capability] of Object.entries(capabilities))
      if (!wallet.capabilities.includes(name) && capability.optional !== true)
        throw fail(WALLET_CALL_UNSUPPORTED_CAPABILITY, `${name}.`)
  if (request.atomicRequired && wallet.atomic === 'unsupported')
    throw fail(WALLET_CALL_ATOMICITY_NOT_SUPPORTED, 'the account cannot run calls atomically.')
  if (request.id !== undefined && wallet.isKnownId?.(request.id))
    throw fail(WALLET_CALL_DUPLICATE_ID, `${request.id.slice(0, 100)}.`)
  return {
    version: request.version,
    ...(request.id === undefined ? {} : { id: request.id }),
    ...(request.from === undefined ? {} : { from: request.from as Address }),
    chainId,
    atomicRequired: request.atomicRequired,
    calls: request.calls.map(({ to, value, data }) => ({
      to: to as Address,
      ...(value === undefined ? {} : { value: BigInt(value) }),
      ...(data === undefined || data === '0x' ? {} : { data: data as Hex }),
    })),
    ...paymasterOf(request.capabilities, wallet),
  }
}

function paymasterOf(
  capabilities: Record<string, unknown> | undefined,
  wallet: SendCallsWallet,
): { paymasterService?: PaymasterServiceRequest } {
  const requested = capabilities?.paymasterService
  if (requested === undefined || !wallet.capabilities.includes('paymasterService')) return {}
  const parsed = PaymasterServiceRequestSchema.safeParse(requested)
  if (!parsed.success)
    throw shapeError(
      'wallet_sendCalls',
      parsed.error.issues.map((issue) => ({
        ...issue,
        path: ['capabilities', 'paymasterService', ...issue.path],
      })),
    )
  return { paymasterService: parsed.data }
}

/** `wallet_getCallsStatus` params: `[id]`. */
export function parseGetCallsStatusParams(params: unknown): string {
  const id = Array.isArray(params) && params.length === 1 ? params[0] : undefined
  if (typeof id !== 'string' || id.length === 0 || id.length > CALLS_ID_MAX_LENGTH)
    throw fail(RPC_INVALID_PARAMS, 'wallet_getCallsStatus expects [id], the id wallet_sendCalls answered.')
  return id
}

/** `wallet_getCapabilities` params: `[address, chainIds?]` (hex chain ids). */
export function parseGetCapabilitiesParams(params: unknown): { address: Address; chainIds?: number[] } {
  const [address, chainIds] = Array.isArray(params) ? params : []
  const valid =
    Array.isArray(params) &&
    params.length <= 2 &&
    typeof address === 'string' &&
    /^0x[0-9a-fA-F]{40}$/.test(address) &&
    (chainIds === undefined ||
      (Array.isArray(chainIds) &&
        chainIds.every((id) => typeof id === 'string' && HEX_CHAIN_ID_PATTERN.test(id))))
  if (!valid)
    throw fail(RPC_INVALID_PARAMS, 'wallet_getCapabilities expects [address, chainIds?] with hex chain ids.')
  return {
    address: address as Address,
    ...(chainIds === undefined
      ? {}
      : { chainIds: (chainIds as string[]).map((id) => Number.parseInt(id.slice(2), 16)) }),
  }
}
