/** The connect feature as other features see it. */
export * from './DisconnectItem.tsx'
export * from './registry-lists.ts'
