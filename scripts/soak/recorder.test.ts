import { describe, expect, it } from 'vitest'
import { Recorder } from './recorder.ts'

describe("the soak's recorder", () => {
  it('reports rate, percentiles and failures of the measured phase only', () => {
    const recorder = new Recorder()
    recorder.ok(5000)
    recorder.fail('publish -32005')
    recorder.start(0)
    for (let ms = 1; ms <= 100; ms++) recorder.ok(ms)
    recorder.fail('HTTP 429')
    expect(recorder.summary(2000)).toEqual({
      perSecond: 50,
      count: 100,
      p50Ms: 51,
      p99Ms: 100,
      maxMs: 100,
      failures: { 'HTTP 429': 1 },
    })
  })
})
