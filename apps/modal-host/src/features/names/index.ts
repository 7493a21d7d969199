import './state.ts'

export { RegisterAccountNameSuccessView, RegisterAccountNameView } from './RegisterAccountNameView.tsx'
export { createNames, NAMES_IDLE } from './session-names.ts'
export type { NamesState } from './state.ts'
