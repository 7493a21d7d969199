/**
 * The page's one script, bundled with `@walletframe/sdk` by build.ts. It connects, shows the
 * account, signs a message, and lists every CSP violation the page sees (there should be none).
 */
import { createWalletFrame } from '@walletframe/sdk'

const output = (id: string) => document.getElementById(id) as HTMLOutputElement
const violations: string[] = []
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`)
  output('violations').textContent = violations.join('\n')
})

const walletFrame = createWalletFrame({
  projectId: 'walletframe-dev',
  modalUrl: 'http://127.0.0.2:5174/',
  networks: [
    {
      id: 31337,
      name: 'WalletFrame Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ],
  metadata: { name: 'Strict-CSP example', url: location.origin },
  themeMode: matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark',
})

walletFrame.subscribeAccount((account) => {
  output('status').textContent = account.status
  output('address').textContent = account.address ?? '—'
})

document.getElementById('connect')?.addEventListener('click', async () => {
  try {
    await walletFrame.connect()
  } catch (error) {
    output('status').textContent = `error ${(error as { code?: number }).code}` // 4001: closed
  }
})

document.getElementById('sign')?.addEventListener('click', async () => {
  const { address } = walletFrame.getAccount()
  const signature = await walletFrame.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
  output('signature').textContent = String(signature)
})
