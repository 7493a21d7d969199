/**
 * Sign In With Farcaster (spec §7 "get farcaster uri", "connect farcaster"; docs/farcaster.md), with
 * the key server as its own relay:
 * - the key frame opens a channel (its browser's device cookie is bound to it) and shows the
 *   `farcaster://connect?…` link as a QR code;
 * - the phone posts the signed FIP-11 message to the relay with the channel token as bearer token;
 *   it is verified at once: domain, URI, nonce and times against the channel, the signature, and
 *   the signer against custodyOf(fid) in the IdRegistry;
 * - the key frame long-polls the channel and, once, gets a fresh session for the fid's user.
 */
import {
  FarcasterAuthenticateRequestSchema,
  type FarcasterAuthenticateResponse,
  FarcasterChannelRequestSchema,
  type FarcasterChannelResponse,
  FarcasterChannelTokenSchema,
  FarcasterStatusRequestSchema,
  type FarcasterStatusResponse,
  KEY_SERVER_PATHS,
  SIWF,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { isAddressEqual, zeroAddress } from 'viem'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { tokenHash } from '../crypto/secrets.ts'
import { KeyServerError } from '../errors.ts'
import { longPoll } from '../long-poll.ts'
import { limitPerIp } from '../middleware/rate-limit.ts'
import { jsonBodies, validBody } from '../middleware/validate.ts'
import { ensureDeviceId, readDeviceId, setSessionCookie } from '../session/cookies.ts'
import { createSession, deleteSession } from '../session/sessions.ts'
import { walletAddress } from '../shares/wallets.ts'
import { findOrCreateIdentityUser } from '../users/identities.ts'
import { type Channel, completeChannel, consumeChannel, findChannel, openChannel } from './channels.ts'
import { idRegistryReader } from './id-registry.ts'
import { readSignInMessage } from './sign-in-message.ts'

const iso = (ms: number) => new Date(ms).toISOString()

export function farcasterRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  const config = ctx.config.farcaster
  const custody = config ? idRegistryReader(config) : undefined
  const projectIds = new Set(ctx.config.projects.map((project) => project.projectId))
  // What every message must name: this key server's authority, and the key frame's page as its URI.
  const domain = new URL(ctx.config.origin).host
  const siweUri = `${ctx.config.origin}${KEY_SERVER_PATHS.frame}`
  // Wakes this process's long-polls of a channel (named by its hash) when the phone completes it.
  const completions = new EventTarget()

  const enabled = () => {
    if (!config || !custody) throw new KeyServerError('farcasterUnavailable')
    return { config, custody }
  }
  const unknown = () => new KeyServerError('farcasterChannelUnknown')
  /** Why a channel can take no (further) message or session. */
  const closedReason = (channel: Channel) =>
    channel.consumed || channel.completed
      ? new KeyServerError('farcasterChannelUsed')
      : new KeyServerError('farcasterChannelExpired')

  const perIp = limitPerIp(ctx.limits)
  const { farcasterChannel, farcasterStatus, farcasterAuthenticate } = KEY_SERVER_PATHS
  for (const path of [farcasterChannel, farcasterStatus, farcasterAuthenticate]) app.use(path, perIp)
  // The phone's post comes from a Farcaster client, not the key frame: it is outside /v1 and its
  // same-origin rule, so the body rules of /v1 are applied here.
  app.use(KEY_SERVER_PATHS.farcasterAuthenticate, ...jsonBodies)

  app.post(KEY_SERVER_PATHS.farcasterChannel, validBody(FarcasterChannelRequestSchema), async (c) => {
    enabled()
    const { projectId } = c.req.valid('json')
    if (!projectIds.has(projectId)) throw new KeyServerError('projectIdInvalid')
    const { token, channel } = await openChannel(ctx, { deviceId: ensureDeviceId(c), projectId })
    const query = new URLSearchParams({
      channelToken: token,
      nonce: channel.nonce,
      siweUri,
      domain,
      notBefore: iso(channel.createdAt),
      expirationTime: iso(channel.expiresAt),
    })
    const body: FarcasterChannelResponse = {
      channelToken: token,
      url: `${SIWF.connectUrl}?${query}`,
      nonce: channel.nonce,
      expiresAt: iso(channel.expiresAt),
    }
    c.header('Cache-Control', 'no-store')
    return c.json(body, 201)
  })

  app.post(
    KEY_SERVER_PATHS.farcasterAuthenticate,
    validBody(FarcasterAuthenticateRequestSchema),
    async (c) => {
      const { custody } = enabled()
      const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
      if (!bearer || !FarcasterChannelTokenSchema.safeParse(bearer).success) throw unknown()
      const hash = tokenHash(bearer)
      const channel = await findChannel(ctx, hash)
      if (!channel) throw unknown()
      if (channel.completed || channel.consumed || channel.expiresAt <= ctx.now()) throw closedReason(channel)

      const post = c.req.valid('json')
      const { fid, signer } = await readSignInMessage(post, {
        domain,
        uri: siweUri,
        nonce: channel.nonce,
        now: new Date(ctx.now()),
      })
      const owner = await custody.custodyOf(BigInt(fid)).catch((error: unknown) => {
        throw new KeyServerError('farcasterUnavailable', { cause: error })
      })
      if (isAddressEqual(owner, zeroAddress) || !isAddressEqual(owner, signer)) {
        throw new KeyServerError('farcasterSignatureRefused')
      }
      // The username is the client's word (Farcaster's relay takes it the same way); an fid without
      // one is shown as Farcaster clients show it, `!fid`.
      const userName = post.username ?? `!${fid}`
      if (!(await completeChannel(ctx, hash, { fid, custody: owner, userName }))) {
        const now = await findChannel(ctx, hash)
        throw now ? closedReason(now) : unknown()
      }
      completions.dispatchEvent(new Event(hash))
      c.header('Cache-Control', 'no-store')
      return c.json({ state: 'completed', fid, custody: owner } satisfies FarcasterAuthenticateResponse, 201)
    },
  )

  app.post(KEY_SERVER_PATHS.farcasterStatus, validBody(FarcasterStatusRequestSchema), async (c) => {
    const { config } = enabled()
    c.header('Cache-Control', 'no-store')
    const deviceId = readDeviceId(c)
    const hash = tokenHash(c.req.valid('json').channelToken)
    const first = await findChannel(ctx, hash)
    // Bound to the browser that opened it: a QR code seen over a shoulder gives no session elsewhere.
    if (!deviceId || !first || first.deviceId !== deviceId) throw unknown()
    const channel =
      (await longPoll({
        events: completions,
        key: hash,
        ms: config.statusWaitMs,
        signal: c.req.raw.signal,
        read: () => findChannel(ctx, hash),
        done: (state) => !state || state.completed !== undefined || state.expiresAt <= ctx.now(),
      })) ?? first
    if (channel.consumed || channel.expiresAt <= ctx.now()) throw closedReason(channel)
    const completed = channel.completed
    if (!completed) return c.json({ state: 'pending' } satisfies FarcasterStatusResponse)

    const now = ctx.now()
    const previous = c.var.session
    const { user, token } = await ctx.db.transaction(async (tx) => {
      if (!(await consumeChannel(tx, hash, now))) throw new KeyServerError('farcasterChannelUsed')
      const user = await findOrCreateIdentityUser(
        tx,
        { provider: 'farcaster', subject: String(completed.fid), userName: completed.userName },
        now,
      )
      const token = await createSession(ctx, tx, {
        userId: user.userId,
        deviceId,
        projectId: channel.projectId,
        loginProvider: 'farcaster',
      })
      return { user, token }
    })
    // The browser's earlier session (perhaps another account) ends with this login.
    if (previous) await deleteSession(ctx, previous.tokenHash)
    setSessionCookie(c, token)
    const address = await walletAddress(ctx, user.userId)
    const body: FarcasterStatusResponse = {
      state: 'completed',
      fid: completed.fid,
      userName: completed.userName,
      isNewUser: user.isNew,
      needsSetup: address === undefined,
      ...(address ? { address } : {}),
    }
    return c.json(body)
  })

  return app
}
