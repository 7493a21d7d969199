export * from './bundler.ts'
