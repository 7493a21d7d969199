/**
 * WebAuthn with the PRF extension in the key frame (docs/embedded-wallet.md "Custody"), behind a
 * small interface so that the flows can be tested with a software authenticator. The PRF output
 * stays here: it is taken out of the credential JSON before anything is sent to the server.
 */

/** The JSON of a credential, as `PublicKeyCredential.toJSON()` gives it, without PRF results. */
export type CredentialJson = { id: string; clientExtensionResults: Record<string, unknown> } & Record<
  string,
  unknown
>

export interface PasskeyResult {
  credential: CredentialJson
  /** The PRF output for PRF_INPUT; undefined when the authenticator gave none. */
  prfOutput: Uint8Array | undefined
}

export interface PasskeyDevice {
  /** False when this browser has no WebAuthn JSON API (then only a recovery code protects a wallet). */
  readonly available: boolean
  create(options: Record<string, unknown>): Promise<PasskeyResult>
  /** An assertion; `options` come from the server, or are local (a PRF read right after create). */
  get(options: Record<string, unknown>): Promise<PasskeyResult>
}

/**
 * The PRF input: one fixed, purpose-named value, so an assertion can ask for the output before it
 * knows which passkey answers. Per-wallet randomness comes from the HKDF salt stored beside the
 * ciphertext (deviceKeyFromPrf).
 */
export const PRF_INPUT = new TextEncoder().encode('walletframe key frame: device share PRF input v1')

/** Drops extension outputs the server must not see (the PRF results are the device share's key). */
export function withoutPrfResults(json: Record<string, unknown>): CredentialJson {
  const extensions = { ...((json.clientExtensionResults as Record<string, unknown> | undefined) ?? {}) }
  const prf = extensions.prf as Record<string, unknown> | undefined
  if (prf) {
    const { results: _results, ...rest } = prf
    extensions.prf = rest
  }
  return { ...json, clientExtensionResults: extensions } as CredentialJson
}

type PrfResults = { prf?: { results?: { first?: BufferSource } } }

function prfOutputOf(credential: PublicKeyCredential): Uint8Array | undefined {
  const first = (credential.getClientExtensionResults() as PrfResults).prf?.results?.first
  if (!first) return undefined
  return first instanceof ArrayBuffer
    ? new Uint8Array(first)
    : new Uint8Array(first.buffer, first.byteOffset, first.byteLength)
}

const prfExtension = { prf: { eval: { first: PRF_INPUT } } }

/** The browser's authenticators (navigator.credentials), with the JSON helpers of WebAuthn L3. */
export function browserPasskeyDevice(): PasskeyDevice {
  const PKC = globalThis.PublicKeyCredential as
    | (typeof PublicKeyCredential & {
        parseCreationOptionsFromJSON?: (json: unknown) => PublicKeyCredentialCreationOptions
        parseRequestOptionsFromJSON?: (json: unknown) => PublicKeyCredentialRequestOptions
      })
    | undefined
  const available =
    typeof PKC?.parseCreationOptionsFromJSON === 'function' &&
    typeof PKC.parseRequestOptionsFromJSON === 'function' &&
    'credentials' in navigator
  const finish = (credential: Credential | null): PasskeyResult => {
    if (!(credential instanceof PublicKeyCredential))
      throw new Error('The authenticator returned no passkey.')
    const json = (credential as PublicKeyCredential & { toJSON(): Record<string, unknown> }).toJSON()
    return { credential: withoutPrfResults(json), prfOutput: prfOutputOf(credential) }
  }
  return {
    available,
    async create(options) {
      const publicKey = PKC!.parseCreationOptionsFromJSON!(options)
      publicKey.extensions = {
        ...publicKey.extensions,
        ...prfExtension,
      } as AuthenticationExtensionsClientInputs
      return finish(await navigator.credentials.create({ publicKey }))
    },
    async get(options) {
      const publicKey = PKC!.parseRequestOptionsFromJSON!(options)
      publicKey.extensions = {
        ...publicKey.extensions,
        ...prfExtension,
      } as AuthenticationExtensionsClientInputs
      return finish(await navigator.credentials.get({ publicKey }))
    },
  }
}
