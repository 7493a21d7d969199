export * from './capabilities.ts'
export * from './parse.ts'
export * from './shapes.ts'
