/**
 * Boot: render, then wait for the host page's hello. Only the parent window on an allowed origin
 * gets a channel; anything else is ignored and, if it is the parent, shown as an alert.
 */
import {
  ALERTS,
  acceptFromParent,
  createOriginCheck,
  createZodValidator,
  ModalInitSchema,
} from '@walletframe/protocol'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { alertForProject, readProjectConfig } from './boot-project.ts'
import { createSession } from './session.ts'
import '../ui/styles.css'

const debugLog = (message: string) => console.debug('[walletframe]', message)
const session = createSession({ log: debugLog })
createRoot(document.getElementById('root')!).render(<App session={session} />)

const project = readProjectConfig(document)
const projectAlert = alertForProject(project)
if (window.parent === window) {
  session.refuse({
    title: 'WalletFrame',
    description: 'This is the WalletFrame modal. It opens inside an app that uses WalletFrame.',
  })
} else if (projectAlert) {
  session.refuse(projectAlert)
} else if (project.status === 'ok') {
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
        session.refuse({
          ...ALERTS.invalidAppConfiguration,
          description: 'The SDK sent options this modal cannot use.',
        })
        debugLog(`invalid init: ${parsed.error.message}`)
        return
      }
      session.attach(messenger, parsed.data)
    },
    (error: Error) => session.refuse({ ...ALERTS.invalidAppConfiguration, description: error.message }),
  )
}
