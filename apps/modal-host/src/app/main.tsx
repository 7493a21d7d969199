/**
 * Boot: render, then wait for the host page's hello. Only the parent window on an allowed origin
 * gets a channel; anything else is ignored and, if it is the parent, shown as an alert.
 */
// Base styles first: app/ and feature stylesheets (imported by their components) override them.
import '../ui/base.css'
import {
  ALERTS,
  acceptFromParent,
  CHANNEL_ERRORS,
  createOriginCheck,
  createZodValidator,
  type ModalInit,
} from '@walletframe/protocol'
import { createRoot } from 'react-dom/client'
import { readBootstrap } from '../features/core/bootstrap.ts'
import { whenState } from '../ui/store.ts'
import { finishTextWarmUp } from '../ui/text-warm-up.ts'
import { App } from './App.tsx'
import { alertForProject } from './boot-project.ts'
import { claimedUrlWarning, readHostInit } from './host-init.ts'
import { createSession } from './session.ts'
import { preloadViews } from './views.tsx'

const debugLog = (message: string) => console.debug('[walletframe]', message)
const session = createSession({ log: debugLog })
createRoot(document.getElementById('root')!).render(<App session={session} />)
finishTextWarmUp(document)

const project = readBootstrap(document)
const projectAlert = alertForProject(project)
if (window.parent === window) {
  session.refuse(ALERTS.standalone)
} else if (projectAlert) {
  session.refuse(projectAlert)
  // The host hears it too, typed, and stops waiting at once (issue 10: the dapp is never locked).
  acceptFromParent({
    self: window as never,
    parent: window.parent,
    isOriginAllowed: () => false,
    refusal: CHANNEL_ERRORS.unknownProject,
    validator: createZodValidator(),
  }).catch(() => {})
} else if (project.status === 'ok') {
  let init: ModalInit | undefined
  acceptFromParent({
    self: window as never,
    parent: window.parent,
    isOriginAllowed: createOriginCheck(project.allowedOrigins),
    validator: createZodValidator(),
    onRefusedOrigin: () => session.refuse(ALERTS.invalidAppConfiguration),
    refusal: CHANNEL_ERRORS.originNotAllowed,
    checkInit(raw, origin) {
      const outcome = readHostInit(raw, project.projectId, origin)
      if ('error' in outcome) {
        if (outcome.details) debugLog(`invalid init: ${outcome.details}`)
        return outcome.error
      }
      if (outcome.claimedUrl) console.warn('[walletframe]', claimedUrlWarning(outcome.claimedUrl, origin))
      init = outcome.init
      return undefined
    },
  }).then(
    ({ messenger }) => {
      session.attach(messenger, init!)
      // The views a user goes to next, once the modal has opened or an account is restored (Account
      // then comes first), when the frame is idle: a first open made right after the handshake must
      // not wait behind these chunks (issue 10), and a page never opened never loads them.
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000))
      whenState(
        session.store,
        (state) => state.open || state.account.status === 'connected',
        () => idle(() => void preloadViews()),
      )
    },
    (error: Error) => session.refuse({ ...ALERTS.invalidAppConfiguration, description: error.message }),
  )
}
