// What the key-server benchmark uses of autocannon, which ships no types.
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    workers?: number
    method?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
