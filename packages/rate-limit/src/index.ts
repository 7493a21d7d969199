export { type BucketRule, MemoryBuckets, perMinute, type RateLimiter } from './buckets.ts'
export { createLimiter, type LimiterOptions, positiveIntFromEnv, rateFromEnv } from './create.ts'
export { clientIp, type RateLimitOptions, rateLimit } from './middleware/rate-limit.ts'
export { connectLimiterRedis, RedisBuckets } from './redis-buckets.ts'
