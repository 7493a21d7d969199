/**
 * Sign-in sessions of the data API (spec §7 `/v1/sessions/*`, §3 sign-in session and message
 * fields, §4 "Wallet sign-in"): a nonce is issued, the wallet signs an EIP-4361 message carrying it,
 * the API verifies the signature (EOA, ERC-1271, ERC-6492) and keeps a session a dapp backend can
 * read back (`GET /v1/sessions/{id}`) and anyone holding its proof can revoke.
 */
import * as z from 'zod/mini'
import { ApiClientQuerySchema } from './common.ts'

export const SIWX_PATHS = {
  nonce: '/v1/sessions/nonce',
  create: '/v1/sessions',
  session: '/v1/sessions/:id',
  revoke: '/v1/sessions/:id/revoke',
} as const

export const SIWX_LIMITS = {
  /** A nonce not used within this time is refused (the user had it on screen for that long). */
  nonceLifetimeMs: 10 * 60_000,
  /** A session lasts until its message's expirationTime, and never longer than this. */
  maxSessionMs: 7 * 24 * 60 * 60_000,
  /** Clocks of a wallet and the API may differ this much before issuedAt counts as "in the future". */
  clockSkewMs: 60_000,
  maxMessageLength: 8192,
  /** ERC-6492 signatures carry the account's factory call: far longer than 65 bytes. */
  maxSignatureLength: 16_384,
} as const

/** The query of every session route: the client parameters only (spec §7). */
export const SiwxQuerySchema = ApiClientQuerySchema

/** `POST /v1/sessions/nonce`: a single-use nonce, alphanumeric as EIP-4361 requires (≥ 8 characters). */
export const SiwxNonceResponseSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,96}$/)),
  expiresAt: z.iso.datetime(),
})
export type SiwxNonceResponse = z.infer<typeof SiwxNonceResponseSchema>

const HexSignature = z
  .string()
  .check(
    z.maxLength(
      SIWX_LIMITS.maxSignatureLength,
      `must be at most ${SIWX_LIMITS.maxSignatureLength} characters`,
    ),
    z.regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex'),
  )

/** `POST /v1/sessions`: the signed EIP-4361 message. */
export const SiwxCreateBodySchema = z.object({
  message: z
    .string()
    .check(
      z.minLength(1, 'is required'),
      z.maxLength(SIWX_LIMITS.maxMessageLength, `must be at most ${SIWX_LIMITS.maxMessageLength} characters`),
    ),
  signature: HexSignature,
})
export type SiwxCreateBody = z.infer<typeof SiwxCreateBodySchema>

export const SiwxSessionParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'must be a session id')),
})

export const SIWX_SESSION_STATUSES = ['active', 'revoked', 'expired'] as const

/** Spec §3 sign-in session (data, message, signature), with what the API verified of it. */
export const SiwxSessionSchema = z.object({
  id: z.string(),
  status: z.enum(SIWX_SESSION_STATUSES),
  /** CAIP-10 of the signer: `eip155:<chainId>:<address>`, the address as the message wrote it. */
  accountId: z.string(),
  address: z.string(),
  chainId: z.number(),
  domain: z.string(),
  uri: z.string(),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  message: z.string(),
  signature: z.string(),
})
export type SiwxSession = z.infer<typeof SiwxSessionSchema>

/**
 * `POST /v1/sessions` answer: the session, and its revocation proof (`pci`), given out once. The
 * SDK keeps it with the session so the dapp can sign the user out everywhere (spec §7 revoke body).
 */
export const SiwxCreateResponseSchema = z.object({
  session: SiwxSessionSchema,
  pci: z.string(),
})
export type SiwxCreateResponse = z.infer<typeof SiwxCreateResponseSchema>

/**
 * `POST /v1/sessions/{id}/revoke` (spec §7 body pci, signature): either the proof given at creation,
 * or the account's own signature of `siwxRevokeMessage(id)`, so a user can end a session from
 * another device without the proof.
 */
export const SiwxRevokeBodySchema = z
  .object({
    pci: z.optional(z.string().check(z.maxLength(128, 'must be at most 128 characters'))),
    signature: z.optional(HexSignature),
  })
  .check(
    z.refine((body) => body.pci !== undefined || body.signature !== undefined, {
      error: 'needs pci or signature',
    }),
  )
export type SiwxRevokeBody = z.infer<typeof SiwxRevokeBodySchema>

/** The text an account signs to revoke one of its sessions without the creation proof. */
export const siwxRevokeMessage = (sessionId: string): string => `Revoke WalletFrame session ${sessionId}`
