/**
 * The demo's strict-CSP page (issue 10): the SDK bundled into the host's own script, under
 * `default-src 'self'; script-src 'self'; frame-src <modal origin>` and no 'unsafe-inline'. It
 * connects and signs, and lists every CSP violation the page sees (there should be none).
 */
import { createWalletFrame } from '@walletframe/sdk'
import { readConfig } from './config.ts'

const config = readConfig()
const violations: string[] = []
const output = (id: string) => document.getElementById(id) as HTMLOutputElement
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`)
  output('violations').textContent = violations.join('\n')
})

const walletFrame = createWalletFrame({
  projectId: config.projectId,
  modalUrl: config.modalUrl,
  networks: config.chains,
  metadata: { name: 'WalletFrame strict-CSP demo', url: location.origin },
  preload: true,
})

document.getElementById('connect')?.addEventListener('click', async () => {
  try {
    output('address').textContent = (await walletFrame.connect()).address ?? ''
  } catch (error) {
    output('address').textContent = `error ${(error as { code?: number }).code}`
  }
})

document.getElementById('sign')?.addEventListener('click', async () => {
  const address = output('address').textContent
  const signature = await walletFrame
    .getProvider('eip155')
    .request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
  output('signature').textContent = String(signature)
})
