/**
 * A server component, rendered at each request: it reads the options from the environment and
 * renders the page around the wallet panel. Nothing about any user's wallet exists here: the SDK
 * runs only in the browser, inside the client component.
 */
import { connection } from 'next/server'
import { WalletPanel } from './wallet-panel.tsx'
import { walletFrameOptions } from './walletframe-options.ts'

export default async function Home() {
  // Per request, not at build time: the modal URL and networks come from the server's environment.
  await connection()
  return (
    <main>
      <header>
        <h1>WalletFrame × Next.js</h1>
        <p>App Router, server-rendered; the wallet lives in a client component through @walletframe/react.</p>
      </header>
      <WalletPanel options={walletFrameOptions(process.env)} />
    </main>
  )
}
