/**
 * The sign-in tables (migration 0003): single-use nonces and the sessions they opened. Works the same
 * on PGlite and Postgres; the one write that must not race (using a nonce) is a single UPDATE.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '@walletframe/db'
import { SIWX_LIMITS, type SiwxSession } from '@walletframe/protocol'
import type { SiwxMessageFields } from '@walletframe/siwx-server'

interface SessionRow {
  id: string
  address: string
  chain_id: string | number
  domain: string
  uri: string
  issued_at: Date | string
  expires_at: Date | string
  message: string
  signature: string
  pci_hash: string
  revoked_at: Date | string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()
export const hashProof = (proof: string) => createHash('sha256').update(proof).digest('hex')

export function createSiwxStore(db: Database) {
  return {
    /** A fresh nonce for the project; expired ones are swept on the way. */
    async issueNonce(projectId: string, now: Date) {
      const nonce = randomBytes(16).toString('hex')
      const expiresAt = new Date(now.getTime() + SIWX_LIMITS.nonceLifetimeMs)
      await db.query('DELETE FROM siwx_nonces WHERE expires_at < $1', [now.toISOString()])
      await db.query('INSERT INTO siwx_nonces (nonce, project_id, expires_at) VALUES ($1, $2, $3)', [
        nonce,
        projectId,
        expiresAt.toISOString(),
      ])
      return { nonce, expiresAt: expiresAt.toISOString() }
    },

    /** Marks the nonce used; false when it is unknown, another project's, expired or used already. */
    async useNonce(projectId: string, nonce: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE siwx_nonces SET used_at = $3
          WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > $3
          RETURNING nonce`,
        [nonce, projectId, now.toISOString()],
      )
      return rows.length === 1
    },

    /** Stores the session; the proof that can revoke it is returned once and kept only as a hash. */
    async createSession(input: {
      projectId: string
      fields: SiwxMessageFields
      message: string
      signature: string
      now: Date
    }): Promise<{ session: SiwxSession; pci: string }> {
      const { fields, now } = input
      const id = randomBytes(16).toString('hex')
      const pci = randomBytes(24).toString('base64url')
      const longest = now.getTime() + SIWX_LIMITS.maxSessionMs
      const expiresAt = new Date(Math.min(fields.expirationTime?.getTime() ?? longest, longest))
      await db.query(
        `INSERT INTO siwx_sessions
           (id, project_id, address, chain_id, domain, uri, issued_at, expires_at, message, signature, pci_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          input.projectId,
          fields.address,
          fields.chainId,
          fields.domain,
          fields.uri,
          fields.issuedAt.toISOString(),
          expiresAt.toISOString(),
          input.message,
          input.signature,
          hashProof(pci),
        ],
      )
      const session = await this.session(input.projectId, id, now)
      return { session: session!.session, pci }
    },

    async session(projectId: string, id: string, now: Date) {
      const [row] = await db.query<SessionRow>(
        'SELECT * FROM siwx_sessions WHERE id = $1 AND project_id = $2',
        [id, projectId],
      )
      if (!row) return undefined
      const expiresAt = iso(row.expires_at)
      const session: SiwxSession = {
        id: row.id,
        status: row.revoked_at ? 'revoked' : new Date(expiresAt) <= now ? 'expired' : 'active',
        accountId: `eip155:${row.chain_id}:${row.address}`,
        address: row.address,
        chainId: Number(row.chain_id),
        domain: row.domain,
        uri: row.uri,
        issuedAt: iso(row.issued_at),
        expiresAt,
        message: row.message,
        signature: row.signature,
      }
      return { session, pciHash: row.pci_hash }
    },

    async revoke(projectId: string, id: string, now: Date): Promise<void> {
      await db.query(
        'UPDATE siwx_sessions SET revoked_at = $3 WHERE id = $1 AND project_id = $2 AND revoked_at IS NULL',
        [id, projectId, now.toISOString()],
      )
    },
  }
}
