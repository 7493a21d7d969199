import * as z from 'zod/mini'
import {
  Base64Schema,
  Base64UrlSchema,
  KeyServerEmailSchema,
  KeyServerProjectIdSchema,
  SealedShareSchema,
} from './common.ts'

export const AUTHENTICATOR_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const

const prfStaysInFrame = 'must not carry PRF results: they stay in the key frame'
/**
 * Extension outputs as the browser reports them. The PRF output is the device share's key
 * (docs/embedded-wallet.md "Custody"), so a response carrying it is refused rather than stored.
 */
const ClientExtensionResultsSchema = z.record(z.string(), z.unknown()).check(
  z.refine((value) => {
    const prf = value.prf as { results?: unknown } | undefined
    return prf === undefined || prf === null || prf.results === undefined
  }, prfStaysInFrame),
)

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.create()`. */
export const RegistrationCredentialSchema = z.object({
  id: Base64UrlSchema,
  rawId: Base64UrlSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64UrlSchema,
    attestationObject: Base64UrlSchema,
    transports: z.optional(z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).check(z.maxLength(8))),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensionResultsSchema,
})

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.get()`. */
export const AuthenticationCredentialSchema = z.object({
  id: Base64UrlSchema,
  rawId: Base64UrlSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64UrlSchema,
    authenticatorData: Base64UrlSchema,
    signature: Base64UrlSchema,
    userHandle: z.optional(Base64UrlSchema),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensionResultsSchema,
})

export const PasskeyRegisterOptionsRequestSchema = z.object({})
/** WebAuthn creation options in their JSON form (`PublicKeyCredential.parseCreationOptionsFromJSON`). */
export const PasskeyCreationOptionsSchema = z.looseObject({
  challenge: Base64UrlSchema,
  rp: z.looseObject({ id: z.string(), name: z.string() }),
  user: z.looseObject({ id: Base64UrlSchema, name: z.string(), displayName: z.string() }),
})

export const PasskeyRegisterRequestSchema = z.object({
  response: RegistrationCredentialSchema,
  deviceShare: SealedShareSchema,
})
export const PasskeyRegisterResponseSchema = z.object({ credentialId: z.string() })
export type PasskeyRegisterResponse = z.infer<typeof PasskeyRegisterResponseSchema>

export const PasskeyAssertOptionsRequestSchema = z.object({ email: z.optional(KeyServerEmailSchema) })
/** WebAuthn request options in their JSON form (`PublicKeyCredential.parseRequestOptionsFromJSON`). */
export const PasskeyRequestOptionsSchema = z.looseObject({
  challenge: Base64UrlSchema,
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(
    z.array(z.looseObject({ id: Base64UrlSchema, type: z.literal('public-key') })),
  ),
})

/** The project tells which host origins may be the assertion's top origin. */
export const PasskeyAssertRequestSchema = z.object({
  response: AuthenticationCredentialSchema,
  projectId: KeyServerProjectIdSchema,
})
/** A verified assertion releases the auth share and that passkey's sealed device share. */
export const PasskeyAssertResponseSchema = z.object({
  /** Absent for a user of an identity without email (Farcaster). */
  email: z.optional(z.string()),
  address: z.string(),
  authShare: Base64Schema,
  deviceShare: z.object({
    credentialId: z.string(),
    ciphertext: z.string(),
    iv: z.string(),
    salt: z.string(),
  }),
})
export type PasskeyAssertResponse = z.infer<typeof PasskeyAssertResponseSchema>
