/** Bitcoin test support (issue 15): BIP-322 simple signatures and signed-PSBT checks. */
export {
  addressNetwork,
  bip322MessageHash,
  signBip322Simple,
  toSign,
  toSpendTxid,
  verifyBip322Simple,
} from './bip322.ts'
export { type BitcoinKeyAccount, type BitcoinPurpose, bitcoinKeyAccount, signPsbtInputs } from './keys.ts'
export { psbtInputSigned, unsignedPsbt } from './psbt.ts'
export { type Prevout, verifyKeySpend } from './witness.ts'
