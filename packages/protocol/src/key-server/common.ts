import * as z from 'zod/mini'
import { MAX_PROJECT_ID_LENGTH } from '../constants.ts'
import { KEY_SERVER_LIMITS } from './paths.ts'

/**
 * A domain as SMTP takes it (RFC 5321 §4.1.2): each label starts and ends with a letter or digit.
 * zod's e-mail pattern lets a label end with `-`, which mail servers refuse (found by fuzzing).
 */
const MAIL_DOMAIN = /@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/

/** Spec §5: a valid e-mail address; trimmed and lower-cased, so one mailbox is one account. */
export const KeyServerEmailSchema = z
  .string('must be a string')
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(KEY_SERVER_LIMITS.maxEmailLength, 'is too long'),
    z.regex(z.regexes.email, 'must be an e-mail address'),
    z.regex(MAIL_DOMAIN, 'must be an e-mail address'),
  )

/** Spec §5: a one-time code is a string; ours are exactly six digits (leading zeros kept). */
export const OtpSchema = z
  .string('must be a string')
  .check(z.regex(/^[0-9]{6}$/, `must be ${KEY_SERVER_LIMITS.otpDigits} digits`))

export const KeyServerProjectIdSchema = z
  .string('must be a string')
  .check(z.minLength(1, 'is required'), z.maxLength(MAX_PROJECT_ID_LENGTH, 'is too long'))

/** Standard base64 with padding, as the key frame writes bytes (`btoa`). */
export const Base64Schema = z
  .string('must be a string')
  .check(
    z.minLength(4, 'is too short'),
    z.maxLength(KEY_SERVER_LIMITS.maxShareBase64Length, 'is too long'),
    z.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'must be base64'),
  )

/** Unpadded base64url, as WebAuthn writes ids and binary fields in JSON. */
export const Base64UrlSchema = z
  .string('must be a string')
  .check(
    z.minLength(1, 'is required'),
    z.maxLength(KEY_SERVER_LIMITS.maxWebAuthnFieldLength, 'is too long'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'),
  )

/**
 * A share encrypted by the key frame (docs/embedded-wallet.md "Custody"): AES-256-GCM output, its
 * 12-byte IV and the salt of the key derivation. The server stores it as given and cannot open it.
 */
export const SealedShareSchema = z.object({
  ciphertext: Base64Schema,
  iv: Base64Schema,
  salt: Base64Schema,
})
export type SealedShare = z.infer<typeof SealedShareSchema>

/** An EVM address with its 0x (spec §5 "Address and hash shapes"); stored lower-case. */
export const WalletAddressSchema = z
  .string('must be a string')
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex characters'))

/**
 * A Solana address: base58 of an ed25519 public key, 32 to 44 characters (spec §5, §9). The
 * embedded wallet's Solana account (issue 15) is remembered beside its EVM address.
 */
export const WalletSolanaAddressSchema = z
  .string('must be a string')
  .check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address'))
