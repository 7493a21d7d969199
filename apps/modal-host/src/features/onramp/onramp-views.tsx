/** Buy's chunk: its view (app/wallet-features.tsx loads it only when Buy is offered). */
import { OnRampView } from './OnRampView.tsx'

export const ONRAMP_VIEWS = { OnRamp: OnRampView }
