import { createServer } from 'node:net'

/** A port that was free a moment ago (the OS picks it); for children that cannot listen on port 0. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Two consecutive free ports (a devnet's chains use port and port + 1). */
export async function freePortPair(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort(host)
    if (port < 65_535 && (await isFree(port + 1, host))) return port
  }
  throw new Error('no two consecutive free ports found')
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}
