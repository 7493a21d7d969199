/** The social logins as other features see them. */
export * from './SocialLogins.tsx'
