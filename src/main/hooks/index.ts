/** Hooks: tools of any extension that check or change a step of a turn (docs/guide/hooks.md). */
export { createHookRunner, callHook, NO_HOOKS, type HookAuthorize, type HookDispatch, type HookRunResult, type TurnHooks } from './hookRunner'
export { openHookStore, parseTarget, HOOKS_FILE_NAME, type HookStore } from './hookStore'
export { canRefuse, changeableFields, hookOutputSchema, type HookPayload, type HookPayloads } from './hookPayloads'
export { foldSystemMessages, type FoldedRequest } from './systemFold'
