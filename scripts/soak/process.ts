/** Starts a soak service (service.ts) as a child process and samples its memory over IPC. */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ServiceMessage, ServiceSample } from './service.ts'

const SERVICE = fileURLToPath(new URL('./service.ts', import.meta.url))

export interface ServiceProcess {
  url: string
  /** Memory now; `gc` first collects garbage, so a leak shows apart from uncollected litter. */
  sample(gc?: boolean): Promise<ServiceSample>
  stop(): Promise<void>
}

export async function startService(
  kind: 'relay' | 'api',
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--conditions=walletframe-source', '--import', 'tsx', SERVICE, kind],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const waiters: Array<(sample: ServiceSample) => void> = []
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`soak ${kind} exited with ${code} before it was ready`)))
    child.on('message', (message: ServiceMessage) => {
      if ('ready' in message) resolve(message.url)
      else waiters.shift()?.(message)
    })
  })
  return {
    url,
    sample: (gc = false) =>
      new Promise((resolve) => {
        waiters.push(resolve)
        child.send({ gc })
      }),
    async stop() {
      if (child.exitCode === null) child.disconnect()
      await exited
    },
  }
}
