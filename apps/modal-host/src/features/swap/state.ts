/** The swap feature's intents (see core/session-api.ts). */
import type { SwapServices } from './services.ts'

declare module '../core/session-api.ts' {
  interface Session {
    /** What the Swap view uses: the data API and the connected wallet; undefined without a data API. */
    swapServices(): SwapServices | undefined
  }
}
