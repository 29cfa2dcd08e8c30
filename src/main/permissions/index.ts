/** The permission layer's public surface (docs/architecture.md §3: inspector chain, rules, tool pins, approvals). */
export type { CallOrigin, Decision, DefinitionChange, ExtensionTrust, Finding, FindingSeverity, InspectorStep, SecretValue, SchemaDiff, ToolAnnotations, ToolCallRequest, ToolDefinition, Verdict } from './types'
export { createPermissionService, openPermissions, DEFAULT_REVIEW_TIMEOUT_MS, type CallReviewer, type ReviewRecord, type Authorization, type PermissionService, type PermissionServiceOptions, type PolicyView } from './permissionService'
export { openPermissionStore, PERMISSIONS_FILE_NAME, type PermissionNotice, type PermissionStore, type RevokeSummary } from './permissionStore'
export { ApprovalAnswerSchema, ApprovalError, DEFAULT_APPROVAL_TIMEOUT_MS, createApprovalBroker, type ApprovalAnswer, type ApprovalBroker, type ApprovalOutcome, type PendingApproval } from './approvalBroker'
export { compileRule, evaluateRules, testRule, type RuleEvaluation, type RuleSample, type RuleTrace } from './rules/argumentRules'
export { checkPin, hashToolDefinition, type PinCheck } from './toolPins'
export { decidePermission, effectiveHints, offersTools, type PermissionCause } from './inspectors/permissionInspector'
export {
  ArgumentRuleSchema,
  DEFAULT_MODE,
  PermissionModeSchema,
  PolicyKindSchema,
  type ArgumentRule,
  type PermissionFile,
  type PermissionMode,
  type PolicyKind,
  type ToolPin,
  type ToolPolicy,
} from './permissionSchema'
export type { InjectionTaint } from './inspectors/securityInspector'
export { createGuardInspector, guardReason, sourceNames, type GuardInspector } from './inspectors/guardInspector'
export { bringsOutsideContent, outsideWhy, type OutsideFacts } from './outsideContent'
export { ALLOWED_BY_REVIEW, reviewExclusion, type Rating, type ReviewExclusion } from './assistedReview'
export { openSessionGrants, memorySessionGrants, type SessionGrants } from './sessionGrants'
export { callPattern, openRuleSuggestions, SUGGEST_AFTER, SUGGEST_WITHIN_DAYS, type RuleSuggestions } from './rules/ruleSuggestions'
