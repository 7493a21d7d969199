/** Regressions of the social callback page found by the key-server fuzzer (server/fuzz). */
import { KEY_SERVER_PATHS, SOCIAL_LOGIN_LIMITS } from '@walletframe/protocol'
import { describe, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../test-support/key-server.ts'

describe.each(TEST_BACKENDS.slice(0, 1))('social callback form post on $name', (backend) => {
  const server = useKeyServer(backend)

  // The size refusal was a bare `Too large` text.
  it('refuses an oversized form post with the typed PAYLOAD_TOO_LARGE error', async () => {
    const body = `code=${'x'.repeat(SOCIAL_LOGIN_LIMITS.maxCallbackUriLength * 2)}`
    const response = await server.browser().request(KEY_SERVER_PATHS.socialCallback, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    server.expectError(response, 413, 'PAYLOAD_TOO_LARGE')
  })
})
