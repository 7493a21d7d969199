/** Latencies and counts of one kind of soak traffic, kept only once the warm-up is over. */
import { round } from '../bench-stats.ts'

export class Recorder {
  private latencies: number[] = []
  private counted = 0
  private failures = new Map<string, number>()
  private since = 0
  measuring = false

  /** Starts the measured phase: what came before (the warm-up) is dropped. */
  start(now: number): void {
    this.latencies = []
    this.counted = 0
    this.failures.clear()
    this.since = now
    this.measuring = true
  }

  ok(ms: number): void {
    if (!this.measuring) return
    this.counted++
    this.latencies.push(ms)
  }

  fail(reason: string): void {
    if (this.measuring) this.failures.set(reason, (this.failures.get(reason) ?? 0) + 1)
  }

  summary(now: number) {
    const sorted = this.latencies.sort((a, b) => a - b)
    const at = (p: number) =>
      sorted.length
        ? round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
        : null
    return {
      perSecond: round(this.counted / ((now - this.since) / 1000), 1),
      count: this.counted,
      p50Ms: at(50),
      p99Ms: at(99),
      maxMs: sorted.length ? round(sorted.at(-1)!) : null,
      failures: Object.fromEntries(this.failures),
    }
  }
}
