/**
 * The server alone never holds enough to rebuild a key (docs/embedded-wallet.md "Custody"): a real
 * wallet is made and split as the key frame does it; then everything the key server's database
 * holds — even with the server's own secret, so the auth share is opened — is tried, every pair, as
 * the two shares a rebuild needs. None gives the key. With the user's recovery code it does.
 */
import { KEY_SERVER_PATHS as PATHS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import {
  bytesToBase64,
  combineShares,
  createKey,
  createRecoveryCode,
  open as openSealed,
  recoveryKeyFromCode,
  seal as sealShare,
  splitKey,
} from '../../src/custody/index.ts'
import { deriveServerKeys, open } from '../crypto/secrets.ts'
import { freshEmail, KEY_SERVER_TABLES, TEST_BACKENDS, useKeyServer } from '../test-support/key-server.ts'

/** Every value in the rows that could be binary: base64 of at least 16 bytes. */
function binaryValues(rows: Record<string, unknown>[]): Uint8Array[] {
  const values: Uint8Array[] = []
  for (const row of rows)
    for (const value of Object.values(row)) {
      if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]{20,}={0,2}$/.test(value)) continue
      const bytes = Buffer.from(value, 'base64')
      if (bytes.length >= 16) values.push(new Uint8Array(bytes))
    }
  return values
}

describe.each(TEST_BACKENDS.slice(0, 1))('keys at rest on $name', (backend) => {
  const server = useKeyServer(backend)

  it('cannot be rebuilt from the database, even with the server secret; the recovery code can', async () => {
    const browser = server.browser()
    await server.login(browser, freshEmail())
    const { privateKey, address } = createKey()
    const keyBefore = Buffer.from(privateKey)
    const shares = await splitKey(privateKey)
    const code = createRecoveryCode()
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const aad = new TextEncoder().encode(address.toLowerCase())
    const sealed = await sealShare(await recoveryKeyFromCode(code, salt), shares.recovery, aad)
    const created = await browser.post(PATHS.wallet, {
      address,
      authShare: bytesToBase64(shares.auth),
      recovery: {
        ciphertext: bytesToBase64(sealed.ciphertext),
        iv: bytesToBase64(sealed.iv),
        salt: bytesToBase64(salt),
      },
    })
    expect(created.status).toBe(201)

    // Every table is searched: the list is the schema's, whatever migrations added since.
    const schema = await server.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'key_server' AND table_name <> 'migrations'`,
    )
    expect(schema.map((row) => row.table_name).sort()).toEqual([...KEY_SERVER_TABLES].sort())
    const rows: Record<string, unknown>[] = []
    for (const table of KEY_SERVER_TABLES)
      rows.push(...(await server.db.query<Record<string, unknown>>(`SELECT * FROM key_server.${table}`)))
    const [wallet] = await server.db.query<{
      user_id: string
      auth_share_iv: string
      auth_share_sealed: string
    }>('SELECT user_id, auth_share_iv, auth_share_sealed FROM key_server.wallets WHERE address = $1', [
      address.toLowerCase(),
    ])
    // The worst case: the database and the server's secret both stolen.
    const authShare = open(
      deriveServerKeys(server.config.secret).shareKey,
      { iv: wallet!.auth_share_iv, sealed: wallet!.auth_share_sealed },
      `walletframe/auth-share/${wallet!.user_id}`,
    )
    const candidates = [new Uint8Array(authShare), ...binaryValues(rows)]
    expect(candidates.length).toBeGreaterThan(3)
    for (const [i, first] of candidates.entries())
      for (const second of candidates.slice(i + 1))
        await expect(combineShares(first, second, address)).rejects.toThrow()

    // The user's side: the recovery code opens the recovery share, which with the auth share rebuilds the key.
    const recoveryShare = await openSealed(await recoveryKeyFromCode(code, salt), sealed, aad)
    const rebuilt = await combineShares(new Uint8Array(authShare), recoveryShare, address)
    expect(Buffer.from(rebuilt).equals(keyBefore)).toBe(true)
  })
})
