/**
 * The lazy chunk: `@walletconnect/sign-client` and everything it pulls in are reached only
 * through `import('./sign-client.ts')` (see load.ts), so a modal that never shows WalletConnect
 * never downloads them.
 *
 * Vendor endpoints are never contacted (ARCHITECTURE.md):
 * - the relay is the one configured for this deployment (there is no default);
 * - telemetry is off (`telemetryEnabled: false`: no event client, no init event);
 * - Verify is replaced. sign-client's `core.verify.register` loads a hidden iframe of the vendor's
 *   verify server on every proposal and request and waits up to 5 s for an attestation (measured:
 *   `connect()` took ~5.2 s offline), and `core.verify.resolve` fetches attestations from it. The
 *   dapp side has nothing to attest without that server, so `register` returns no attestation
 *   (the relay delivers `attestation: ""`) and `resolve` reports nothing verified.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientLike, WcEvent, WcSession } from './sign-client-surface.ts'
import type { KeyValueStorage } from './storage.ts'

export interface SignClientOptions {
  projectId: string
  relayUrl: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  storage: KeyValueStorage
  /** sign-client's own log level ('error' unless debugging). */
  logLevel?: 'error' | 'warn' | 'info' | 'debug' | 'trace'
}

export async function createSignClient(options: SignClientOptions): Promise<SignClientLike> {
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: { ...options.metadata }, // a copy: sign-client rewrites the url of what it is given
    storage: options.storage,
    telemetryEnabled: false,
    logger: options.logLevel ?? 'error',
  })
  // sign-client replaces a metadata.url whose host is not the running page's with the page's own URL:
  // here that is the modal frame, so wallets would be shown the modal's origin. Ours is the host's
  // origin as seen at the handshake (app/host-init.ts), never the page's claim: it is put back.
  client.metadata.url = options.metadata.url
  const verify = client.core.verify
  verify.register = async () => ''
  // sign-client treats a falsy answer as "not verified" (engine getVerifyContext).
  verify.resolve = (async () => undefined) as unknown as typeof verify.resolve

  const sessions = (): WcSession[] => client.session.getAll()
  return {
    connect: (params) => client.connect(params),
    request: (params) => client.request(params),
    disconnect: (params) => client.disconnect(params),
    sessions,
    onEvent(listener) {
      client.on('session_event', (payload) => listener({ name: 'session_event', payload } as WcEvent))
      client.on('session_update', (payload) => listener({ name: 'session_update', payload } as WcEvent))
      client.on('session_delete', (payload) => listener({ name: 'session_delete', payload }))
      client.on('session_expire', (payload) => listener({ name: 'session_expire', payload }))
    },
  }
}
