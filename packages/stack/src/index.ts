export * from './config.ts'
export * from './dev-oidc.ts'
export * from './listen.ts'
