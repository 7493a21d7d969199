export {
  checkSiwxDomain,
  checkSiwxWindow,
  parseSiwxMessage,
  type SiwxMessageFields,
} from './check-message.ts'
export { SIWX_FAILURES, type SiwxFailure, SiwxVerificationError } from './errors.ts'
export {
  type VerifiedSiwxSession,
  type VerifySiwxSessionOptions,
  verifySiwxSession,
} from './verify-session.ts'
export { verifySiwxSignature } from './verify-signature.ts'
