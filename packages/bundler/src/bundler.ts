/**
 * The ERC-4337 bundler of the local stack (issue 14 point 1): Pimlico's Alto, a standard bundler,
 * run as a child process against one devnet chain. Alto is GPL-3.0: it stays a devDependency that
 * is only ever spawned, never imported into or bundled with our packages.
 *
 * Flags that the devnet needs (everything else is Alto's default):
 * - `--safe-mode false`: safe mode checks the ERC-7562 storage and opcode rules with
 *   `debug_traceCall` and a JavaScript tracer, which anvil does not implement. Validation still
 *   runs: every operation is simulated against the EntryPoint before it is bundled.
 * - `--deploy-simulations-contract`: Alto CREATE2-deploys its simulation contracts through the
 *   deterministic deployer on start-up, with its utility key (the executor key here).
 * - `--enable-cors true`: the embedded wallet's key frame, a page on its own origin, sends the
 *   smart account's user operations from the browser (a cross-origin fetch).
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { killOnExit, stopProcess } from '@walletframe/devnet'
import { type Address, type Hex, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/**
 * The key that signs Alto's `handleOps` transactions. Not a devnet mnemonic account, so its nonce is
 * the bundler's alone; `startBundler` funds it with `anvil_setBalance`.
 */
export const BUNDLER_EXECUTOR_KEY: Hex = keccak256(toHex('walletframe dev bundler executor'))

export interface StartBundlerOptions {
  /** The chain's JSON-RPC URL (an anvil node of the devnet, with the EntryPoint deployed). */
  rpcUrl: string
  entryPoint: Address
  /** Where the stack reaches it. Alto itself listens on every interface (it has no host option). */
  host: string
  port: number
  /** How long Alto may take to answer `eth_supportedEntryPoints` (default 30 s). */
  readyTimeoutMs?: number
}

export interface Bundler {
  /** The bundler's JSON-RPC URL: `eth_sendUserOperation`, `eth_estimateUserOperationGas`, … */
  url: string
  /** Stops Alto and resolves once it has exited. */
  close(): Promise<void>
}

const POLL_INTERVAL_MS = 100

/** Alto's CLI (its `bin`), next to the package's entry: the package exports no other path. */
function altoEntry(): string {
  try {
    const main = createRequire(import.meta.url).resolve('@pimlico/alto')
    return join(dirname(main), 'cli', 'alto.js')
  } catch {
    throw new Error('bundler: @pimlico/alto is not installed (a devDependency of @walletframe/bundler)')
  }
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(2_000),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Funds the executor, starts Alto and resolves once it serves the EntryPoint. */
export async function startBundler(options: StartBundlerOptions): Promise<Bundler> {
  const { rpcUrl, entryPoint, host, port } = options
  const url = `http://${host}:${port}`
  await rpc(rpcUrl, 'anvil_setBalance', [
    privateKeyToAddress(BUNDLER_EXECUTOR_KEY),
    toHex(parseEther('1000')),
  ])
  const args = [
    ['--entrypoints', entryPoint],
    ['--executor-private-keys', BUNDLER_EXECUTOR_KEY],
    ['--utility-private-key', BUNDLER_EXECUTOR_KEY],
    ['--rpc-url', rpcUrl],
    ['--port', String(port)],
    ['--safe-mode', 'false'],
    ['--deploy-simulations-contract', 'true'],
    ['--log-level', 'warn'],
    ['--enable-cors', 'true'],
  ].flat()
  const child = spawn(process.execPath, [altoEntry(), 'run', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  killOnExit(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000)
  })
  let exitReason: string | undefined
  child.once('error', (error) => {
    exitReason = `could not start (${error.message})`
  })
  child.once('exit', (code, signal) => {
    exitReason ??= `exited (${signal ?? `code ${code}`})${stderr.trim() ? `: ${stderr.trim()}` : ''}`
  })

  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000
  const deadline = Date.now() + readyTimeoutMs
  while (exitReason === undefined) {
    const served = await rpc(url, 'eth_supportedEntryPoints', []).catch(() => undefined)
    if (
      Array.isArray(served) &&
      served.some((item) => String(item).toLowerCase() === entryPoint.toLowerCase())
    ) {
      let closing: Promise<void> | undefined
      return { url, close: () => (closing ??= stopProcess(child)) }
    }
    if (Date.now() > deadline) {
      await stopProcess(child)
      throw new Error(`bundler: Alto did not serve ${entryPoint} at ${url} within ${readyTimeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
  }
  throw new Error(`bundler: Alto on port ${port} ${exitReason}`)
}
