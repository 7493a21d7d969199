/** The embedded wallet as other features see it. */
export * from './AccountEmail.tsx'
export * from './EmailField.tsx'
