// The part of autocannon's API the benchmarks use (the package ships no types; no @types installed).
// scripts/tsconfig.json compiles every bench with this one, the key server's included.
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    workers?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Result {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    statusCodeStats: Record<string, { count: number }>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
