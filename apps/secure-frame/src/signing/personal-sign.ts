import type { Hex } from 'viem'
import type { KeyVault } from '../custody/index.ts'
import { parsePersonalSignParams } from '../requests/personal-sign-params.ts'
import { assertSigner } from './signer.ts'

/**
 * personal_sign (EIP-191 version 0x45) with the vault's key. `params` as the dapp sent them:
 * `[message, address]`; a 0x hex message is signed as bytes, any other as UTF-8 text.
 */
export async function personalSign(vault: KeyVault, params: unknown): Promise<Hex> {
  const { message, address } = parsePersonalSignParams(params)
  assertSigner(vault, 'personal_sign', address)
  return vault.signMessage(message.kind === 'bytes' ? { raw: message.raw } : message.text)
}
