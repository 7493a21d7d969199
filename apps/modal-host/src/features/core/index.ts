/** What every feature may use: the session's contract, the connector interface, the host storage, the data API client. */
export * from './api-client.ts'
export * from './bootstrap.ts'
export * from './connector.ts'
export * from './host-storage.ts'
export * from './session-api.ts'
export * from './use-session.ts'
