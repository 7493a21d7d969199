import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import type { DevnetChainConfig, StackConfig } from '@walletframe/stack'
import { DEVNET_MNEMONIC, type DevnetAccount, devnetAccounts } from './accounts.ts'
import { killOnExit, stopProcess } from './child-process.ts'
import { type ChainFixtures, deployFixtures } from './fixtures/fixtures.ts'

export interface DevnetChain {
  chainId: number
  name: string
  rpcUrl: string
}

export interface Devnet {
  chains: DevnetChain[]
  accounts: readonly DevnetAccount[]
  /** The fixture contracts of each chain, by chain id; empty when started with `fixtures: false`. */
  fixtures: Record<number, ChainFixtures>
  /** Stops every anvil process and resolves once they have exited. */
  close(): Promise<void>
}

export interface StartDevnetOptions {
  /** How long each chain may take to answer `eth_chainId`. */
  readyTimeoutMs?: number
  /**
   * Deploy the fixture tokens, NFT collections and transfer history on every chain (default true;
   * about half a second). `false` leaves bare chains: funded accounts, no contracts, block 0.
   */
  fixtures?: boolean
}

const POLL_INTERVAL_MS = 50

/**
 * The anvil binary of the platform package that `@foundry-rs/anvil` installs. Spawned directly rather
 * than through the package's `bin.mjs` wrapper, so killing the child kills anvil itself.
 * `WF_ANVIL_BIN` overrides it (e.g. a foundryup install).
 */
function anvilBinary(): string {
  const override = process.env.WF_ANVIL_BIN
  if (override) return override
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`
  try {
    return createRequire(import.meta.url).resolve(`${platformPackage}/bin/anvil`)
  } catch {
    throw new Error(
      `anvil binary not found: ${platformPackage} is not installed (set WF_ANVIL_BIN to use another)`,
    )
  }
}

/**
 * Fails fast with a clear message when the port is taken. Without this, polling could reach the
 * process that already listens there (say a devnet left over from another run) and report ready.
 */
async function assertPortFree(host: string, port: number): Promise<void> {
  const probe = createServer()
  try {
    probe.listen(port, host)
    await once(probe, 'listening')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'EADDRINUSE' ? 'is already in use' : `cannot be listened on (${code ?? error})`
    throw new Error(`devnet: port ${port} on ${host} ${reason}`)
  } finally {
    if (probe.listening) await new Promise((resolve) => probe.close(resolve))
  }
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    const body = (await response.json()) as { result?: string }
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined
  } catch {
    return undefined // not listening yet
  }
}

async function startAnvil(
  host: string,
  chain: DevnetChainConfig,
  readyTimeoutMs: number,
): Promise<ChildProcess> {
  await assertPortFree(host, chain.port)
  const args = ['--chain-id', String(chain.chainId), '--port', String(chain.port), '--host', host]
  const child = spawn(anvilBinary(), [...args, '--mnemonic', DEVNET_MNEMONIC, '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // Keep the tail of stderr: it is the only explanation anvil gives when it exits early.
  killOnExit(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000)
  })
  const label = `devnet: anvil for chain ${chain.chainId} on port ${chain.port}`

  let exitReason: string | undefined
  child.once('error', (error) => {
    exitReason = `could not start (${error.message})`
  })
  child.once('exit', (code, signal) => {
    exitReason ??= `exited (${signal ?? `code ${code}`})${stderr.trim() ? `: ${stderr.trim()}` : ''}`
  })

  const deadline = Date.now() + readyTimeoutMs
  while (exitReason === undefined) {
    const chainId = await rpcChainId(chain.rpcUrl)
    if (chainId === chain.chainId && exitReason === undefined) return child
    if (chainId !== undefined && chainId !== chain.chainId) {
      await stopProcess(child)
      throw new Error(`${label}: ${chain.rpcUrl} answered chain id ${chainId}`)
    }
    if (Date.now() > deadline) {
      await stopProcess(child)
      throw new Error(`${label}: no answer to eth_chainId at ${chain.rpcUrl} within ${readyTimeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
  }
  throw new Error(`${label} ${exitReason}`)
}

/**
 * Starts one anvil per configured chain, funded from the default mnemonic, waits until all answer,
 * then deploys the fixtures (unless `fixtures: false`).
 */
export async function startDevnet(
  config: StackConfig['devnet'],
  options: StartDevnetOptions = {},
): Promise<Devnet> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000
  const started = await Promise.allSettled(
    config.chains.map((chain) => startAnvil(config.host, chain, readyTimeoutMs)),
  )
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await Promise.all(processes.map(stopProcess))
    throw failure.reason
  }

  let closing: Promise<void> | undefined
  const stop = () => {
    closing ??= Promise.all(processes.map(stopProcess)).then(() => undefined)
    return closing
  }
  const chains = config.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl }))
  const accounts = devnetAccounts()
  let fixtures: Record<number, ChainFixtures> = {}
  if (options.fixtures ?? true) {
    try {
      fixtures = await deployFixtures(chains, accounts)
    } catch (error) {
      await stop()
      throw error
    }
  }
  return {
    chains,
    accounts,
    fixtures,
    close: stop,
  }
}
