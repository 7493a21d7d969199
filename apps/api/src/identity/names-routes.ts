/**
 * Names (spec §7 `/v1/profile/*`, §4 "Name registration", §5 "Names"; issue 12 point 3):
 * - `GET /v1/profile/reverse/{address}`: the address's names, newest first.
 * - `GET /v1/profile/suggestions/{name}`: the asked name with its availability, then free variations.
 * - `POST /v1/profile/account`: registers `<label>.wf` for the address that signed the JSON message
 *   `{ name, attributes, timestamp }` (EOA, ERC-1271 or ERC-6492, as sign-in verifies them).
 */
import {
  API_PATHS,
  IdentityParamsSchema,
  NAME_RULES,
  NameLabelSchema,
  NameMessageSchema,
  ProfileRegisterBodySchema,
  ProfileReverseQuerySchema,
  ProfileSuggestionsParamsSchema,
  ProfileSuggestionsQuerySchema,
  type ProfileSuggestionsResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { type Hex, verifyMessage } from 'viem'
import type { ApiContext, ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { requireJsonBody, validJson, validParams, validQuery } from '../middleware/validate.ts'
import { insertName, namesOf, takenNames } from './name-rows.ts'

const SUFFIX = `.${NAME_RULES.zone}`

/** The label of `<label>.wf` (or of a bare label), lower-cased, or a NAME_INVALID error. */
export function nameLabel(name: string): string {
  const bare = name.toLowerCase().endsWith(SUFFIX) ? name.slice(0, -SUFFIX.length) : name
  const parsed = NameLabelSchema.safeParse(bare)
  if (!parsed.success) throw new ApiError('nameInvalid', `${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data
}

/** ENSIP-11 coin type → EVM chain id (60 is Ethereum); anything else is not an eip155 name (spec §6). */
export function chainIdOfCoinType(coinType: number): number {
  if (coinType === 60) return 1
  const chainId = coinType - 0x80000000
  if (chainId < 1 || chainId > NAME_RULES.maxChainId) throw new ApiError('invalidChainId')
  return chainId
}

function parseMessage(text: string) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiError(
      'invalidInput',
      'Invalid body field message: must be JSON of name, attributes and timestamp',
    )
  }
  const parsed = NameMessageSchema.safeParse(json)
  if (!parsed.success)
    throw new ApiError('invalidInput', 'Invalid body field message: needs name and timestamp')
  return parsed.data
}

export function namesRoutes(context: ApiContext, now: () => number = Date.now) {
  /** The signer is the address: through the chain when the API serves it (contract accounts), else EOA only. */
  async function signedBy(chainId: number, address: Hex, message: string, signature: Hex): Promise<boolean> {
    const chain = context.chains.get(chainId)
    if (!chain) return verifyMessage({ address, message, signature }).catch(() => false)
    try {
      return await chain.client.verifyMessage({ address, message, signature })
    } catch (error) {
      throw new ApiError('chainUnavailable', undefined, { cause: error })
    }
  }

  return new Hono<ApiEnv>()
    .get(
      API_PATHS.profileReverse,
      validParams(IdentityParamsSchema),
      validQuery(ProfileReverseQuerySchema),
      async (c) => c.json(await namesOf(context.db, c.req.valid('param').address)),
    )
    .get(
      API_PATHS.profileSuggestions,
      validParams(ProfileSuggestionsParamsSchema),
      validQuery(ProfileSuggestionsQuerySchema),
      async (c) => {
        const label = nameLabel(c.req.valid('param').name)
        // Variations a person would pick: a digit, a year-like number, a word joined by a hyphen.
        const candidates = [
          label,
          ...['1', '2', '3', '-wallet', '-eth', '01', '-id'].map((tail) => label + tail),
        ]
          .filter((candidate) => candidate.length <= NAME_RULES.maxLabelLength)
          .map((candidate) => candidate + SUFFIX)
        const taken = await takenNames(context.db, candidates)
        const [asked, ...rest] = candidates
        const body: ProfileSuggestionsResponse = {
          suggestions: [
            { name: asked!, registered: taken.has(asked!) },
            ...rest
              .filter((name) => !taken.has(name))
              .slice(0, NAME_RULES.suggestions - 1)
              .map((name) => ({ name, registered: false })),
          ],
        }
        return c.json(body)
      },
    )
    .post(API_PATHS.profileRegister, ...requireJsonBody, validJson(ProfileRegisterBodySchema), async (c) => {
      const body = c.req.valid('json')
      const chainId = chainIdOfCoinType(body.coin_type)
      const message = parseMessage(body.message)
      const name = nameLabel(message.name) + SUFFIX
      const age = now() / 1000 - message.timestamp
      if (age > NAME_RULES.maxMessageAgeSeconds || age < -60) throw new ApiError('nameMessageStale')
      const address = body.address.toLowerCase() as Hex
      if (!(await signedBy(chainId, address, body.message, body.signature as Hex)))
        throw new ApiError('nameBadSignature')
      const entry = await insertName(context.db, name, address, message.attributes ?? {})
      if (!entry) throw new ApiError('nameTaken')
      // Spec §9: identity is cached 5 minutes; the new name shows at once.
      context.caches.identity.delete(address)
      return c.json(entry, 201)
    })
}
