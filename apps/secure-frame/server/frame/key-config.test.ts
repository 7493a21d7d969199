import { KEY_FRAME_CONFIG_ELEMENT_ID, parseKeyFrameConfig } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { injectKeyFrameConfig } from './key-config.ts'

const config = {
  projectId: 'walletframe-dev',
  modalOrigins: ['http://127.0.0.2:5174'],
  hostOrigins: ['http://127.0.0.1:5173'],
}

function readBack(html: string) {
  const match = new RegExp(
    `<script id="${KEY_FRAME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html)
  return parseKeyFrameConfig(match?.[1])
}

describe('the key-frame config in the /frame page', () => {
  it('is the first element of the head and reads back the same', () => {
    const html = injectKeyFrameConfig(
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
      config,
    )
    expect(html.indexOf(KEY_FRAME_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('<title>'))
    expect(readBack(html)).toEqual(config)
  })

  it('cannot end its script element early, whatever the origins say', () => {
    const hostile = { ...config, projectId: '</script><script>alert(1)</script>' }
    const html = injectKeyFrameConfig('<head></head>', hostile)
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(readBack(html)).toEqual(hostile)
  })

  it('is refused by the frame when it is missing or malformed', () => {
    expect(parseKeyFrameConfig(undefined)).toBeUndefined()
    expect(parseKeyFrameConfig('{')).toBeUndefined()
    expect(parseKeyFrameConfig(JSON.stringify({ ...config, modalOrigins: [] }))).toBeUndefined()
  })
})
