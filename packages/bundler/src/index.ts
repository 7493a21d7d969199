export * from './bundler.ts'
export * from './paymaster.ts'
export * from './services.ts'
