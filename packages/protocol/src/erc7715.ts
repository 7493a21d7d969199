/**
 * ERC-7715 permission methods (issue 14 point 3): the spec's older names (§6 `wallet_grantPermissions`,
 * `wallet_revokePermissions`) and the current ones. An injected or WalletConnect wallet gets them as
 * they are; the embedded wallet refuses them (4200), since no session-key validator exists for its
 * accounts to enforce a permission's limits on chain.
 */
export const ERC7715_RPC_METHODS: readonly string[] = [
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_requestExecutionPermissions',
  'wallet_revokeExecutionPermission',
  'wallet_getSupportedExecutionPermissions',
  'wallet_getGrantedExecutionPermissions',
]
