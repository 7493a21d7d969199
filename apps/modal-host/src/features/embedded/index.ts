/** The embedded wallet as other features see it. */
export * from './AccountEmail.tsx'
export * from './EmailField.tsx'
export { warmUpKeyFrame } from './key-frame-element.ts'
