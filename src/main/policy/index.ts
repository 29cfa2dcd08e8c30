/** Managed policy (docs/guide/managed-policy.md): the system-wide file, its schema, and the answers each enforcing place asks for. */
export { openManagedPolicy, UPDATE_URL, type ManagedPolicy, type ManagedPolicyOptions } from './managedPolicy'
export { policyPath } from './policyPath'
export { candidateOf, type ExtensionCandidate } from './policyRules'
export type { PermissionModeName } from './policyParse'
