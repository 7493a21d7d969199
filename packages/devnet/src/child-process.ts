/**
 * The devnet's own child processes (anvil here, Alto in @walletframe/bundler): killed if this
 * process exits without closing them (e.g. a crash), and stopped politely, then firmly.
 */
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'

const STOP_GRACE_MS = 5_000

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** Kills `child` with this process if it is still running then. */
export function killOnExit(child: ChildProcess): void {
  running.add(child)
  child.once('exit', () => running.delete(child))
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the child has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  try {
    await exited
  } finally {
    clearTimeout(timer)
  }
}
