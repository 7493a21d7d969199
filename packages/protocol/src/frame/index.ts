export * from './frame-meta.ts'
export * from './frame-methods.ts'
export * from './frame-validator.ts'
export * from './social.ts'
