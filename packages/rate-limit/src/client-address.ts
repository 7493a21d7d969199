/**
 * The address a per-IP limit counts (issue 10 §1). Behind reverse proxies the socket's peer is the
 * nearest proxy, so every user would share its bucket; each trusted proxy appends the address it
 * saw to X-Forwarded-For. With `trustedHops` proxies in front, the client is the entry that many
 * places from the end of [...X-Forwarded-For, peer]. Entries further left are written by the
 * client itself and never believed. 0 (the default) ignores the header: a service reached
 * directly must not let a caller pick its own bucket.
 */
import { TRUSTED_PROXY_HOPS } from '@walletframe/protocol'

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trustedHops: number,
): string {
  const direct = peer ?? 'unknown'
  if (trustedHops <= 0 || forwardedFor === undefined) return direct
  const forwarded = (typeof forwardedFor === 'string' ? [forwardedFor] : forwardedFor)
    .flatMap((header) => header.split(','))
    .map((entry) => entry.trim())
  // Nearest first: the peer, then what each proxy appended, back towards the client.
  const chain = [direct, ...forwarded.reverse()]
  const client = chain[Math.min(trustedHops, chain.length - 1)]
  return client || direct
}

/** WF_TRUSTED_PROXY_HOPS: a whole number ≥ 0, 0 when unset; anything else stops the start. */
export function trustedProxyHopsFromEnv(env: Record<string, string | undefined>): number {
  const raw = env[TRUSTED_PROXY_HOPS.env]
  if (raw === undefined || raw === '') return TRUSTED_PROXY_HOPS.hops
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${TRUSTED_PROXY_HOPS.env} must be a whole number of proxies (0 or more), got "${raw}"`)
  return value
}
