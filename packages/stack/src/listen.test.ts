import { Agent, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { listen } from './listen.ts'

const hello = () => new Response('hello')

describe('listen', () => {
  it('serves on the port it picked, and closes although a keep-alive connection is open', async () => {
    const server = await listen({ fetch: hello, hostname: '127.0.0.1', port: 0 })
    expect(server.port).toBeGreaterThan(0)
    // A keep-alive connection left open would hold a plain close() until the client hangs up.
    const body = await new Promise<string>((resolve, reject) => {
      const agent = new Agent({ keepAlive: true })
      request({ host: '127.0.0.1', port: server.port, agent }, (response) => {
        let text = ''
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => resolve(text))
      })
        .on('error', reject)
        .end()
    })
    expect(body).toBe('hello')
    await server.close()
    await expect(fetch(`http://127.0.0.1:${server.port}/`)).rejects.toThrow()
  })

  it('rejects when the port is taken, instead of waiting for a listen that never comes', async () => {
    const first = await listen({ fetch: hello, hostname: '127.0.0.1', port: 0 })
    try {
      await expect(listen({ fetch: hello, hostname: '127.0.0.1', port: first.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      })
    } finally {
      await first.close()
    }
  })
})
