/**
 * Where WalletConnect's relay is, and how sign-client is loaded.
 *
 * The relay is part of a WalletFrame deployment (ARCHITECTURE.md: apps/relay, self-hosted), not an
 * integrator option: the modal server puts its URL in the project bootstrap it already injects
 * (`<script id="wf-project">{…, "relayUrl": "ws://…"}`). Without one the WalletConnect entry is not
 * offered at all: there is no vendor default to fall back on.
 */
import { ensureSafeLocalStorage } from './safe-local-storage.ts'
import type { SignClientOptions } from './sign-client.ts'
import type { SignClientLike } from './sign-client-surface.ts'

/** Loads the sign-client chunk once it is needed; the frame's localStorage is made safe first. */
export function signClientLoader(options: SignClientOptions): () => Promise<SignClientLike> {
  return async () => {
    ensureSafeLocalStorage()
    const { createSignClient } = await import('./sign-client.ts')
    return createSignClient(options)
  }
}
