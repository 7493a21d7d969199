/**
 * Boot: render, then wait for the host page's hello. Only the parent window on an allowed origin
 * gets a channel; anything else is ignored and, if it is the parent, shown as an alert.
 */
// Base styles first: app/ and feature stylesheets (imported by their components) override them.
import '../ui/base.css'
import {
  ALERTS,
  acceptFromParent,
  createOriginCheck,
  createZodValidator,
  ModalInitSchema,
} from '@walletframe/protocol'
import { createRoot } from 'react-dom/client'
import { readBootstrap } from '../features/core/bootstrap.ts'
import { warmUpKeyFrame } from '../features/embedded/index.ts'
import { App } from './App.tsx'
import { alertForProject } from './boot-project.ts'
import { createSession } from './session.ts'
import { preloadViews } from './views.tsx'

const debugLog = (message: string) => console.debug('[walletframe]', message)
const session = createSession({ log: debugLog })
createRoot(document.getElementById('root')!).render(<App session={session} />)

const project = readBootstrap(document)
const projectAlert = alertForProject(project)
if (window.parent === window) {
  session.refuse(ALERTS.standalone)
} else if (projectAlert) {
  session.refuse(projectAlert)
} else if (project.status === 'ok') {
  // Before the host can open the modal: see warmUpKeyFrame.
  if (project.keyFrameOrigin) warmUpKeyFrame(document, project.keyFrameOrigin)
  acceptFromParent({
    self: window as never,
    parent: window.parent,
    isOriginAllowed: createOriginCheck(project.allowedOrigins),
    validator: createZodValidator(),
    onRefusedOrigin: () => session.refuse(ALERTS.invalidAppConfiguration),
  }).then(
    ({ messenger, init }) => {
      const parsed = ModalInitSchema.safeParse(init)
      if (!parsed.success) {
        messenger.destroy()
        session.refuse(ALERTS.invalidInit)
        debugLog(`invalid init: ${parsed.error.message}`)
        return
      }
      session.attach(messenger, parsed.data)
      // When the frame is idle: a first open must not wait behind these chunks.
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000))
      idle(() => void preloadViews())
    },
    (error: Error) => session.refuse({ ...ALERTS.invalidAppConfiguration, description: error.message }),
  )
}
