import { CHANNEL_ERRORS, ORIGIN_CHECK_PATH } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createModalApp } from './app.ts'

const DAPP = 'http://127.0.0.1:5173'
const app = createModalApp({
  distDir: '/nonexistent',
  indexHtml: '<!doctype html><html><head></head><body></body></html>',
  projects: [{ projectId: 'walletframe-dev', allowedOrigins: [DAPP] }],
})

const ask = (projectId: string | undefined, origin?: string) =>
  app.request(`${ORIGIN_CHECK_PATH}${projectId === undefined ? '' : `?projectId=${projectId}`}`, {
    headers: origin ? { Origin: origin } : {},
  })

describe('the origin check the SDK asks before its frame loads', () => {
  it('answers an allowed origin { allowed: true }, readable by any page and never cached', async () => {
    const response = await ask('walletframe-dev', DAPP)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ allowed: true })
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Vary')).toBe('Origin')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it.each([
    ['another origin', 'https://evil.example'],
    ['the same host on another port', 'http://127.0.0.1:5174'],
    ['the "null" origin', 'null'],
    ['no Origin header', undefined],
  ])('refuses %s with the typed refusal the handshake answers (403)', async (_label, origin) => {
    const response = await ask('walletframe-dev', origin)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual(CHANNEL_ERRORS.originNotAllowed)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  it.each([
    ['an unknown project', 'no-such-project'],
    ['no project', undefined],
  ])('answers %s with the typed unknown-project refusal (404)', async (_label, projectId) => {
    const response = await ask(projectId, DAPP)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(CHANNEL_ERRORS.unknownProject)
  })
})
