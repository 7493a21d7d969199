/**
 * The peer pages (bench/peers): installed there with their own lockfile, outside the npm
 * workspaces so the root `npm install` stays lean (issue 10 point 6), then built with Vite.
 */
import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const PEERS_DIR = fileURLToPath(new URL('../../bench/peers/', import.meta.url))
export const PEERS_DIST = `${PEERS_DIR}dist/`
const INSTALLED = `${PEERS_DIR}node_modules/.package-lock.json`

/** True once `npm run bench:peers` (or `npm ci --prefix bench/peers`) has installed the peers. */
export const peersInstalled = () => existsSync(INSTALLED)

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // Their output goes to stderr: stdout carries the bench's JSON only.
    const child = spawn(command, args, { cwd: PEERS_DIR, stdio: ['ignore', 2, 2] })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

/**
 * Installs the peers from their lockfile when missing or older than it, then builds every page.
 * Install scripts stay off: the pages need none (Vite's bundler ships as an optional dependency).
 */
export async function installAndBuildPeers(): Promise<void> {
  const lock = statSync(`${PEERS_DIR}package-lock.json`).mtimeMs
  if (!peersInstalled() || statSync(INSTALLED).mtimeMs < lock)
    await run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'])
  await run(process.execPath, [`${PEERS_DIR}node_modules/vite/bin/vite.js`, 'build'])
}
