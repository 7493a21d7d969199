/**
 * A React page under <StrictMode> in React's development build, where each effect runs, is
 * cleaned up and runs again: the WalletFrame Provider must still leave one frame in the page.
 */
import {
  ConnectButton,
  useWalletFrameAccount,
  type WalletFrameOptions,
  WalletFrameProvider,
} from '@walletframe/react'
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

const options = JSON.parse(document.getElementById('options')?.textContent ?? '{}') as WalletFrameOptions
const counted = window as unknown as { effectRuns: number }
counted.effectRuns = 0

function Status() {
  const account = useWalletFrameAccount()
  // Counts the mount effects React ran: 2 proves the page really runs in strict mode.
  useEffect(() => {
    counted.effectRuns += 1
  }, [])
  return <p data-testid="status">{account.status}</p>
}

function App() {
  const [mounted, setMounted] = useState(true)
  return (
    <>
      <button type="button" data-testid="unmount" onClick={() => setMounted(false)}>
        Unmount the Provider
      </button>
      {mounted && (
        <WalletFrameProvider options={options}>
          <ConnectButton data-testid="connect-button" />
          <Status />
        </WalletFrameProvider>
      )}
    </>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
