import { KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { bytesToBase58 } from '../../src/custody/base58.ts'
import { freshEmail, TEST_BACKENDS, useKeyServer } from '../test-support/key-server.ts'

const recovery = {
  ciphertext: Buffer.from('sealed-recovery-share').toString('base64'),
  iv: 'AAECAwQFBgcICQoL',
  salt: 'c2FsdHNhbHRzYWx0',
}
const authShareBytes = Buffer.from(
  '01a1b2c3d4e5f60718293a4b5c6d7e8f9001a1b2c3d4e5f60718293a4b5c6d7e8f',
  'hex',
)
const randomSolanaAddress = () => bytesToBase58(crypto.getRandomValues(new Uint8Array(32)))
const newWallet = () => ({
  address: `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20)))
    .toString('hex')
    .toUpperCase()}`,
  authShare: authShareBytes.toString('base64'),
  recovery,
})

describe.each(TEST_BACKENDS)('wallet shares on $name', (backend) => {
  const server = useKeyServer(backend)

  it('stores one wallet per user, the auth share encrypted and released only to a fresh login', async () => {
    const browser = server.browser()
    const email = freshEmail()
    const first = await server.login(browser, email)
    expect(first.wallet).toBeUndefined()
    const wallet = newWallet()
    const created = await browser.post(PATHS.wallet, wallet)
    expect(created).toMatchObject({ status: 201, body: { address: wallet.address.toLowerCase() } })
    server.expectError(await browser.post(PATHS.wallet, newWallet()), 409, 'WALLET_EXISTS')
    expect((await browser.request(PATHS.session)).body).toEqual({
      isConnected: true,
      user: {
        email,
        address: wallet.address.toLowerCase(),
        unlock: { passkey: false, keyWindow: false },
      },
    })

    server.advance(TIME.emailLoginCooldownMs)
    const again = await server.login(browser, email)
    expect(again.wallet).toEqual({
      address: wallet.address.toLowerCase(),
      authShare: wallet.authShare,
      deviceShares: [],
      deviceKeyIds: [],
      hasRecovery: true,
    })
  })

  it('remembers the wallet’s Solana address: given at creation, or once afterwards, never changed', async () => {
    const [solanaAddress, other, third] = [
      randomSolanaAddress(),
      randomSolanaAddress(),
      randomSolanaAddress(),
    ]
    const made = server.browser()
    const email = freshEmail()
    await server.login(made, email)
    await made.post(PATHS.wallet, { ...newWallet(), solanaAddress })
    expect((await made.request(PATHS.session)).body).toMatchObject({ user: { solanaAddress } })
    server.advance(TIME.emailLoginCooldownMs)
    expect((await server.login(made, email)).wallet).toMatchObject({ solanaAddress })

    // A wallet made before: no Solana address until its key frame posts the one it derived.
    const older = server.browser()
    await server.login(older, freshEmail())
    await older.post(PATHS.wallet, newWallet())
    expect((await older.request(PATHS.session)).body).not.toHaveProperty('user.solanaAddress')
    server.expectError(
      await older.post(PATHS.walletSolanaAddress, { solanaAddress: '0xnot-base58' }),
      400,
      'INVALID_INPUT',
    )
    // Another wallet's address is refused.
    server.expectError(await older.post(PATHS.walletSolanaAddress, { solanaAddress }), 409, 'ADDRESS_TAKEN')
    expect(await older.post(PATHS.walletSolanaAddress, { solanaAddress: other })).toMatchObject({
      status: 204,
    })
    expect(await older.post(PATHS.walletSolanaAddress, { solanaAddress: other })).toMatchObject({
      status: 204,
    })
    expect((await older.request(PATHS.session)).body).toMatchObject({ user: { solanaAddress: other } })
    server.expectError(
      await older.post(PATHS.walletSolanaAddress, { solanaAddress: third }),
      409,
      'SOLANA_ADDRESS_MISMATCH',
    )
  })

  it('keeps nothing the database alone could rebuild the key from', async () => {
    const browser = server.browser()
    await server.login(browser, freshEmail())
    const wallet = newWallet()
    await browser.post(PATHS.wallet, wallet)
    const [row] = await server.db.query<Record<string, string>>(
      'SELECT * FROM key_server.wallets WHERE address = $1',
      [wallet.address.toLowerCase()],
    )
    const stored = JSON.stringify(row)
    // The auth share is AES-GCM ciphertext (share + 16-byte tag), under a 12-byte IV: never its bytes.
    expect(stored).not.toContain(wallet.authShare)
    expect(stored).not.toContain(authShareBytes.toString('hex'))
    expect(Buffer.from(row?.auth_share_sealed ?? '', 'base64')).toHaveLength(authShareBytes.length + 16)
    expect(Buffer.from(row?.auth_share_iv ?? '', 'base64')).toHaveLength(12)
    // The recovery share is the frame's own ciphertext, as given; there is no column for any other share.
    expect(row?.recovery_ciphertext).toBe(recovery.ciphertext)
    const columns = await server.db.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'key_server' AND column_name LIKE '%share%'",
    )
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual([
      'passkeys.device_share_ciphertext',
      'passkeys.device_share_iv',
      'passkeys.device_share_salt',
      'wallets.auth_share_iv',
      'wallets.auth_share_sealed',
    ])
  })

  it('checks the address and refuses an address of another account', async () => {
    const browser = server.browser()
    await server.login(browser, freshEmail())
    server.expectError(
      await browser.post(PATHS.wallet, { ...newWallet(), address: '0x1234' }),
      400,
      'INVALID_INPUT',
    )
    const wallet = newWallet()
    await browser.post(PATHS.wallet, wallet)
    const other = server.browser()
    await server.login(other, freshEmail())
    server.expectError(
      await other.post(PATHS.wallet, { ...newWallet(), address: wallet.address }),
      409,
      'ADDRESS_TAKEN',
    )
  })

  it('gives the recovery ciphertext and the auth share to a fresh session only', async () => {
    const browser = server.browser()
    const email = freshEmail()
    await server.login(browser, email)
    server.expectError(await browser.post(PATHS.recovery), 404, 'WALLET_NOT_FOUND')
    const wallet = newWallet()
    await browser.post(PATHS.wallet, wallet)
    expect((await browser.post(PATHS.recovery)).body).toEqual({
      address: wallet.address.toLowerCase(),
      authShare: wallet.authShare,
      recovery,
    })
    server.advance(TIME.freshAuthMs)
    server.expectError(await browser.post(PATHS.recovery), 401, 'FRESH_AUTH_REQUIRED')
    server.expectError(await browser.post(PATHS.wallet, newWallet()), 401, 'FRESH_AUTH_REQUIRED')
    server.expectError(await server.browser().post(PATHS.recovery), 401, 'SESSION_REQUIRED')
  })
})
