/** Tool search: which tools a step is offered, `find_tools`, and token weights. */
export { toolsForStep, recentToolNames, calledToolNames, RECENT_TOOLS, type StepTools, type ToolOfferInput } from './toolOffer'
export { FIND_TOOLS, FIND_TOOLS_TOKEN_BUDGET, runFindTools, findToolsSent, type FindToolsOutcome } from './findTools'
export { extensionsOf, extensionLines, type ExtensionEntry } from './extensionList'
export { toolIndexOf, type ToolIndex } from './toolIndex'
export { TOKENIZER, tokensOf, definitionTokens, catalogToolTokens, requestFigures } from './tokenWeight'
export { offerForTurn, decideAuto, toolBudget, MAX_BUDGET, UNKNOWN_CONTEXT_WINDOW, type AutoDecision, type OfferedTools, type TurnOffer } from './autoOffer'
