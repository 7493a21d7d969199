/**
 * What one owner signature costs to verify on chain (issue 14: the smart account's default owner):
 * secp256k1 through `ecrecover` (the embedded wallet's EOA key) against P-256 through the
 * P256VERIFY precompile (EIP-7951 / RIP-7212 at 0x…0100: a passkey), both on the devnet's anvil.
 * Each figure is the precompile's own gas: a mined call's gas used minus its intrinsic gas (21,000
 * and 4 or 16 per byte of call data). Not a difference with a call to an empty address: that call
 * pays the EIP-7623 call-data floor, which would swallow part of the precompile's cost. A passkey's WebAuthn signature adds its authenticator data and client JSON
 * (calldata, SHA-256, parsing) on top, which this leaves out.
 */
import { webcrypto } from 'node:crypto'
import {
  type Address,
  bytesToHex,
  concat,
  createWalletClient,
  type Hex,
  hexToBytes,
  http,
  type PublicClient,
  pad,
  sha256,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const ECRECOVER: Address = '0x0000000000000000000000000000000000000001'
const P256_VERIFY: Address = '0x0000000000000000000000000000000000000100'

export async function ownerVerificationGas(
  client: PublicClient,
  rpcUrl: string,
  ownerKey: Hex,
): Promise<{ ecrecover: number; p256Verify: number }> {
  const message = new TextEncoder().encode('walletframe owner verification')
  const hash = sha256(message)

  const signature = await privateKeyToAccount(ownerKey).sign({ hash })
  const ecrecoverInput = concat([hash, pad(`0x${signature.slice(130)}`), signature.slice(0, 130) as Hex])

  const { subtle } = webcrypto
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])
  // WebCrypto signs SHA-256(message) and answers r ‖ s, as a passkey's authenticator does.
  const rs = bytesToHex(
    new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, message)),
  )
  const publicKey = new Uint8Array(await subtle.exportKey('raw', pair.publicKey))
  const p256Input = concat([hash, rs, toHex(publicKey.slice(1))])

  const cost = async (to: Address, data: Hex, expected: (result: Hex | undefined) => boolean) => {
    const { data: result } = await client.call({ to, data })
    if (!expected(result)) throw new Error(`${to} did not accept the signature: ${result}`)
    const hash = await wallet.sendTransaction({ to, data, gas: 100_000n, chain: null })
    const { gasUsed } = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    const bytes = hexToBytes(data)
    const zeros = bytes.filter((byte) => byte === 0).length
    const intrinsic = 21_000 + 4 * zeros + 16 * (bytes.length - zeros)
    const floor = 21_000 + 10 * (zeros + 4 * (bytes.length - zeros))
    if (Number(gasUsed) <= floor) throw new Error(`${to}: gas used ${gasUsed} is the call-data floor`)
    return Number(gasUsed) - intrinsic
  }
  const wallet = createWalletClient({ account: privateKeyToAccount(ownerKey), transport: http(rpcUrl) })
  const account = privateKeyToAccount(ownerKey).address.slice(2).toLowerCase()
  return {
    ecrecover: await cost(ECRECOVER, ecrecoverInput, (result) => !!result?.toLowerCase().endsWith(account)),
    p256Verify: await cost(P256_VERIFY, p256Input, (result) => result === pad('0x01')),
  }
}
