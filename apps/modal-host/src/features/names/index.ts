import './state.ts'

export { createNames, NAMES_IDLE } from './session-names.ts'
export type { NamesState } from './state.ts'
