/**
 * An integrator's use of the published package (docs/publishing.md): type-checked and run in Node
 * by scripts/publish/pack.test.ts against the packed tarball. A session the data API does not know
 * is refused with a typed error.
 */
import { SiwxVerificationError, verifySiwxSession } from '@walletframe/siwx-server'

const refused = await verifySiwxSession({
  apiUrl: 'https://api.example',
  projectId: 'my-project',
  sessionId: 'unknown-session',
  origins: ['https://dapp.example'],
  client: () => undefined,
  fetch: async () => new Response(null, { status: 404 }),
}).catch((error: unknown) => error)
if (!(refused instanceof SiwxVerificationError) || refused.reason !== 'notFound')
  throw new Error(`an unknown session was not refused as notFound: ${String(refused)}`)

/** Mistakes the published types catch (never called). */
export function rejectedByTheTypes(): void {
  // @ts-expect-error the dapp's own origins are required
  void verifySiwxSession({
    apiUrl: 'https://api.example',
    projectId: 'p',
    sessionId: 's',
    client: () => undefined,
  })
}
