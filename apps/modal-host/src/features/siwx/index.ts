import './state.ts'

export { SIWXSignMessageView } from './SIWXSignMessageView.tsx'
export { createSiwx, initialSiwx, sessionMatches, signInOptions, signInView } from './session-siwx.ts'
export type { SiwxState } from './state.ts'
