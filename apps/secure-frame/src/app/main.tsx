/**
 * The key frame's entry: check who embeds it, then serve the modal. It never touches storage —
 * localStorage throws in this nested cross-site frame (ARCHITECTURE.md "Frames may have no storage").
 */
import { render } from 'preact'
import './ui/styles.css'
import { createKeyFrameContext } from './boot/create-context.ts'
import { browserEnvironment, startKeyFrame } from './boot/start-key-frame.ts'
import { registerHandlers } from './handlers/register-handlers.ts'
import { createKeyServerClient } from './key-server/key-server-client.ts'
import { openKeyWindow } from './key-window/open-key-window.ts'
import { App, RefusedNotice } from './ui/app.tsx'
import { browserPasskeyDevice } from './wallet/passkey-device.ts'

const root = document.getElementById('root')!
const start = startKeyFrame(browserEnvironment())

if (!start.started) {
  render(<RefusedNotice reason={start.reason} />, root)
} else {
  start.connected.then(({ messenger, init }) => {
    const ctx = createKeyFrameContext(init, {
      server: createKeyServerClient(),
      passkeys: browserPasskeyDevice(),
      openKeyWindow,
      modalOrigin: start.embedding.parentOrigin,
    })
    registerHandlers(messenger, ctx)
    messenger.onDestroy(() => ctx.vault?.lock())
    render(<App view={ctx.view} />, root)
  })
}
