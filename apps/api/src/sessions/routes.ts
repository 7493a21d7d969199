/**
 * Wallet sign-in (spec §7 `/v1/sessions/*`, §4 "Wallet sign-in"; issue 12 point 2):
 * 1. `POST /v1/sessions/nonce` issues a single-use nonce to the project.
 * 2. The wallet signs an EIP-4361 message with it; `POST /v1/sessions` checks the message (shape,
 *    domain among the project's origins, validity window, a chain this API serves), the signature
 *    (EOA, ERC-1271, ERC-6492) and then uses the nonce up, and answers the session and its revocation
 *    proof.
 * 3. `GET /v1/sessions/{id}` reads it back (a dapp backend: `@walletframe/siwx-server`);
 *    `POST /v1/sessions/{id}/revoke` ends it with the proof or the account's signature.
 */
import {
  SIWX_PATHS,
  SiwxCreateBodySchema,
  SiwxQuerySchema,
  SiwxRevokeBodySchema,
  SiwxSessionParamsSchema,
  siwxRevokeMessage,
} from '@walletframe/protocol'
import {
  checkSiwxDomain,
  checkSiwxWindow,
  parseSiwxMessage,
  SIWX_FAILURES,
  SiwxVerificationError,
  verifySiwxSignature,
} from '@walletframe/siwx-server'
import { Hono } from 'hono'
import type { Hex } from 'viem'
import type { ApiContext, ApiEnv, Chain } from '../context.ts'
import { ApiError } from '../errors.ts'
import { requireJsonBody, validJson, validParams, validQuery } from '../middleware/validate.ts'
import { createSiwxStore, hashProof } from './store.ts'

/** A verification failure as the API's error of the same catalogue entry. */
const asApiError = (error: unknown): unknown =>
  error instanceof SiwxVerificationError
    ? new ApiError(SIWX_FAILURES[error.reason], error.message, { cause: error })
    : error

export function siwxRoutes(context: ApiContext, now: () => Date = () => new Date()) {
  const store = createSiwxStore(context.db)

  async function verify(origins: readonly string[], message: string, signature: Hex) {
    const at = now()
    const fields = parseSiwxMessage(message)
    checkSiwxDomain(fields, origins)
    checkSiwxWindow(fields, at)
    const chain = context.chains.get(fields.chainId)
    if (!chain) throw new SiwxVerificationError('unsupportedChain', `chain ${fields.chainId}`)
    await checkSignature(chain, fields.address, message, signature)
    return { fields, at }
  }

  /** The signer through the chain (EOA, ERC-1271, ERC-6492); a chain that does not answer is a 503, not a refusal. */
  async function checkSignature(chain: Chain, address: Hex, message: string, signature: Hex): Promise<void> {
    try {
      await verifySiwxSignature(chain.client, { address }, message, signature)
    } catch (error) {
      if (error instanceof SiwxVerificationError) throw error
      throw new ApiError('chainUnavailable', undefined, { cause: error })
    }
  }

  return new Hono<ApiEnv>()
    .post(SIWX_PATHS.nonce, validQuery(SiwxQuerySchema), async (c) => {
      const project = c.get('project')
      if (!project.signInOrigins?.length) throw new ApiError('siwxNotEnabled')
      return c.json(await store.issueNonce(project.projectId, now()))
    })
    .post(
      SIWX_PATHS.create,
      validQuery(SiwxQuerySchema),
      ...requireJsonBody,
      validJson(SiwxCreateBodySchema),
      async (c) => {
        const project = c.get('project')
        if (!project.signInOrigins?.length) throw new ApiError('siwxNotEnabled')
        const { message, signature } = c.req.valid('json')
        try {
          const { fields, at } = await verify(project.signInOrigins, message, signature as Hex)
          // Last, so a refused signature does not burn the user's nonce; one UPDATE, so a replay loses.
          if (!(await store.useNonce(project.projectId, fields.nonce, at)))
            throw new SiwxVerificationError('nonceInvalid', fields.nonce)
          const created = await store.createSession({
            projectId: project.projectId,
            fields,
            message,
            signature,
            now: at,
          })
          return c.json(created, 201)
        } catch (error) {
          throw asApiError(error)
        }
      },
    )
    .get(SIWX_PATHS.session, validParams(SiwxSessionParamsSchema), validQuery(SiwxQuerySchema), async (c) => {
      const found = await store.session(c.get('project').projectId, c.req.valid('param').id, now())
      if (!found) throw new ApiError('notFound')
      return c.json(found.session)
    })
    .post(
      SIWX_PATHS.revoke,
      validParams(SiwxSessionParamsSchema),
      validQuery(SiwxQuerySchema),
      ...requireJsonBody,
      validJson(SiwxRevokeBodySchema),
      async (c) => {
        const { projectId } = c.get('project')
        const { id } = c.req.valid('param')
        const { pci, signature } = c.req.valid('json')
        const found = await store.session(projectId, id, now())
        if (!found) throw new ApiError('notFound')
        if (!(await mayRevoke(found, pci, signature as Hex | undefined)))
          throw new ApiError('siwxRevokeRefused')
        await store.revoke(projectId, id, now())
        return c.json((await store.session(projectId, id, now()))!.session)
      },
    )

  async function mayRevoke(
    found: NonNullable<Awaited<ReturnType<typeof store.session>>>,
    pci: string | undefined,
    signature: Hex | undefined,
  ): Promise<boolean> {
    if (pci !== undefined && hashProof(pci) === found.pciHash) return true
    if (signature === undefined) return false
    const chain = context.chains.get(found.session.chainId)
    if (!chain) return false
    const message = siwxRevokeMessage(found.session.id)
    return checkSignature(chain, found.session.address as Hex, message, signature).then(
      () => true,
      (error: unknown) => {
        if (error instanceof SiwxVerificationError) return false
        throw error
      },
    )
  }
}
