/** The app tools of the host server (not in the model's catalog). Inputs are validated with the hostApi schemas. */
import type { CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server'
import type { z } from 'zod'
import { HostToolInput, HostToolOutput, progressUri, type HostToolName, type SettingsResource } from '../../../shared/hostApi'
import type { HostServices } from '../hostServices'
import { randomUUID } from 'node:crypto'
import type { RuleTrace } from '../../permissions'
import type { ProgressUpdate } from '../../extensions'
import { toolDefinitionOf } from '../../agent'
import { createConfigImport } from '../../services/extensions/configImport'
import { registerQuestionTools } from './questionTools'
import { registerRegistryTools } from './registryTools'
import { registerBundleTools } from './bundleTools'
import { registerResourceTools } from './resourceTools'
import { registerRootsTools } from './rootsTools'
import { registerAppTools } from './appTools'
import { registerHookTools } from './hookTools'
import { registerSkillTools } from './skillTools'
import { registerPluginTools } from './pluginTools'
import { registerConnectedAppTools } from './connectedAppTools'
import { registerAgentTools } from './agentTools'
import { registerRoutineTools } from './routineTools'
import { registerActivityTools } from './activityTools'
import { PERSON_CALLER } from '../../services/agents/callerGrants'
import { candidateOf } from '../../policy'

/** One line of the rule tester's trace, e.g. `rule notes (allow): matched — path is under ~/Notes`. */
function describeTrace(step: RuleTrace): string {
  return `rule ${step.ruleId} (${step.decision}): ${step.outcome} — ${step.detail}`
}

type Args<N extends HostToolName> = z.infer<(typeof HostToolInput)[N]>
type Result<N extends HostToolName> = z.infer<(typeof HostToolOutput)[N]>


/**
 * Relays a tool's progress to the client that called tool_call, under the progress token it sent
 * (none sent: nothing to relay). A client that went away just misses the update.
 */
function progressRelay(ctx: ServerContext): ((update: ProgressUpdate) => void) | undefined {
  const progressToken = ctx.mcpReq._meta?.progressToken
  if (progressToken === undefined) return undefined
  return (update) => void ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, ...update } }).catch(() => undefined)
}

const errorResult = (error: unknown): CallToolResult => ({ isError: true, content: [{ type: 'text', text: (error as Error).message }] })

/** MCP output schemas must be objects; a tool that answers one of several shapes (pick_path, a union) declares none. */
const objectSchemaOrNone = (schema: z.ZodType): z.ZodObject | undefined => ('shape' in schema ? (schema as z.ZodObject) : undefined)

export function registerHostTools(server: McpServer, services: HostServices, settingsView: () => SettingsResource): void {
  /** Registers a tool whose result is JSON: text for people, structuredContent for code. Failures are isError results. */
  const tool = <N extends HostToolName>(name: N, description: string, run: (args: Args<N>) => Promise<Result<N>>) =>
    raw(name, description, async (args) => {
      const result = await run(args)
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> }
    })
  /**
   * Registers a tool that builds its own CallToolResult; `signal` aborts when the renderer cancels the
   * request, and `ctx` carries the request's progress token and a way to notify the caller.
   */
  const raw = <N extends HostToolName>(name: N, description: string, run: (args: Args<N>, signal: AbortSignal, ctx: ServerContext) => Promise<CallToolResult>) => {
    server.registerTool(
      name,
      { description, inputSchema: HostToolInput[name], outputSchema: objectSchemaOrNone(HostToolOutput[name]) },
      // The SDK types the callback from the schema generics; the cast keeps one typed wrapper for all tools.
      (async (args: Args<N>, ctx: ServerContext): Promise<CallToolResult> => {
        try {
          const result = await run(args, ctx.mcpReq.signal, ctx)
          // The person's installs, sign-ins, answers and permission changes go into the activity log (appToolEvents.ts picks which).
          if (!result.isError) services.activity?.appToolDone(name, args as Record<string, unknown>)
          return result
        } catch (error) {
          return errorResult(error)
        }
      }) as never,
    )
  }

  const { sessions, settings, secrets, notices, extensions, elicitations, permissions, models, chat } = services
  tool('session_create', 'Create a chat session.', ({ title }) => sessions.create(title))
  tool('session_rename', 'Rename a chat session.', ({ id, title }) => sessions.rename(id, title))
  tool('session_delete', 'Delete a chat session.', async ({ id }) => {
    await chat.removeSession(id)
    return { id }
  })
  tool('session_set_extensions', "Choose which extensions' tools a session offers the model.", ({ id, extensions: chosen }) =>
    sessions.setActiveExtensions(id, chosen ?? undefined),
  )
  tool('session_set_tool_offer', 'Choose how a session offers tools: "auto" (the default: all while their definitions fit the model\'s budget, else found by search), "search" (found as needed), or "all" (all up to the limit).', ({ id, offer }) => sessions.setToolOffer(id, offer))
  tool('session_set_instructions', "Set a session's own instructions (system prompt); empty goes back to the default ones.", ({ id, instructions }) => sessions.setInstructions(id, instructions))
  tool('tool_set_always_offer', 'Offer a tool to the model in every turn, without a search first (or stop doing so).', async ({ name, alwaysOffer }) => {
    const marked = new Set(settings.get('alwaysOfferTools') ?? [])
    if (alwaysOffer) marked.add(name)
    else marked.delete(name)
    settings.update({ alwaysOfferTools: [...marked].sort() })
    return { name, alwaysOffer }
  })
  /** A turn that started: its ids, and a link to follow it. */
  const turnStarted = (started: { sessionId: string; turnId: string }): CallToolResult => ({
    content: [
      { type: 'text', text: JSON.stringify(started) },
      { type: 'resource_link', uri: progressUri(started.sessionId), name: 'Reply in progress', mimeType: 'application/json' },
    ],
    structuredContent: started,
  })
  raw('chat_send', 'Send a message; returns at once with a link to the turn in flight.', async ({ sessionId, text, attachments }) => turnStarted(await chat.send(sessionId, text, attachments)))
  raw('chat_regenerate', 'Write the last reply again; returns at once with a link to the turn in flight.', async ({ sessionId }) => turnStarted(await chat.regenerate(sessionId)))
  raw('chat_edit', 'Edit your last message and send it again; returns at once with a link to the turn in flight.', async ({ sessionId, messageId, text }) =>
    turnStarted(await chat.edit(sessionId, messageId, text)),
  )
  registerResourceTools(tool, services)
  registerRootsTools(tool, services)
  tool('chat_cancel', 'Stop the reply being written in a session.', async ({ sessionId }) => ({ sessionId, cancelled: chat.cancel(sessionId) }))
  tool('chat_search', 'Search every conversation; results give the session, the message and the text around the match.', async ({ query, limit, offset }) => chat.search(query, { limit, offset }))
  tool('chat_export', 'Export a conversation as Markdown or JSON (returns the text; with save, asks where to save it in the app window).', ({ sessionId, format, save }) =>
    chat.exportConversation(sessionId, format, save),
  )
  tool('settings_update', 'Change settings.', async ({ patch }) => {
    settings.update(patch)
    return settingsView()
  })
  tool('secret_set', 'Store a secret in the OS keychain (write-only).', async ({ key, value }) => {
    await secrets.set(key, value)
    // An extension that waited for this secret can start now.
    extensions.core.manager.retryNeedsConfig()
    return { key, isSet: true as const }
  })
  tool('secret_delete', 'Remove a secret from the OS keychain.', async ({ key }) => {
    await secrets.delete(key)
    return { key, isSet: false as const }
  })
  tool('notice_dismiss', 'Dismiss a notice.', async ({ id }) => {
    notices.dismiss(id)
    return { id }
  })
  // The by-hand form: what the person typed there binds the secrets it names (secretOwnership.ts).
  tool('extension_add', 'Install an extension; a launch that needs approval waits for it.', ({ config }) => extensions.add(config, 'person', { source: 'manual' }))
  tool('extension_update', 'Change an extension.', ({ id, config }) => extensions.update(id, config, 'person'))
  tool('extension_remove', 'Remove an extension.', async ({ id }) => {
    await extensions.remove(id)
    return { id }
  })
  tool('extension_set_enabled', 'Enable or disable an extension.', ({ id, enabled }) => extensions.setEnabled(id, enabled))
  tool('extension_restart', 'Restart an extension.', ({ id }) => extensions.restart(id))
  tool('extension_sign_in', 'Sign in to a remote extension: the sign-in page waits in switchboard://elicitations.', ({ id }) => extensions.signIn(id))
  tool('extension_sign_out', 'Sign out of a remote extension (revoked where the server supports it).', ({ id }) => extensions.signOut(id))
  tool('extension_set_outside_content', "Mark whether what an extension returns is outside content (the guard asks before acting tools once the model read it); null goes back to the default.", ({ id, marked }) =>
    extensions.setOutsideContent(id, marked),
  )
  tool('extension_set_sampling', "Choose whether an extension's sampling requests ask, always run, or never run.", ({ id, policy }) => extensions.setSampling(id, policy))
  tool('extension_tool_set_enabled', "Switch one of an extension's tools on or off (its tools filter); an off tool is not offered, found or callable by models, connected apps or hooks.", ({ id, tool: name, enabled }) =>
    extensions.setToolEnabled(id, name, enabled),
  )
  tool('extension_set_log_level', 'Choose the least severe log messages an extension sends (logging/setLevel).', async ({ id, level }) => {
    if (!extensions.core.manager.config(id)) throw new Error(`No extension with id "${id}" is installed.`)
    await services.logLevels.set(id, level ?? undefined)
    return extensions.views().find((view) => view.id === id)!
  })
  // Imports add through the extension service, so every imported server waits for the consent dialog before it first starts.
  const imports = createConfigImport({ extensions, secrets, policyRefusal: (config) => services.policy.extensionRefusal(candidateOf(config)) })
  tool('extension_import_preview', "Preview the servers of a pasted config or of another app's config file.", (args) => imports.preview(args))
  tool('extension_import', "Import servers from a pasted config, another app's config file or an install link; each waits for approval before it starts.", (args) => imports.run(args))
  tool('discovered_configs', 'Config files of Claude Desktop, Cursor and VS Code found on this computer.', async () => ({ configs: await imports.discover() }))
  registerRegistryTools(tool, services)
  registerBundleTools(tool, services)
  tool('install_link_preview', 'Check an install link and preview the server it offers.', async ({ link }) => imports.previewLink(link))
  tool('install_request_dismiss', 'Remove an install link handed to the app from the pending list.', async ({ id }) => ({ id, dismissed: services.installRequests.dismiss(id) }))
  raw('tool_call', 'Run a tool by hand (the person is the approver); send a progress token to get its progress.', async ({ name, arguments: args }, signal, ctx) => {
    const tool = extensions.core.cache.lookup(name)
    if (tool) {
      // The person is the approver, but a "never" policy, a deny rule, a changed definition or a
      // security finding still stops or asks (the permission layer decides for origin "person").
      const verdict = await permissions.authorize(
        {
          origin: 'person',
          callId: randomUUID(),
          extensionId: tool.extensionId,
          extensionName: tool.extensionName,
          extensionTrust: tool.trust,
          toolName: tool.name,
          tool: toolDefinitionOf(tool),
          arguments: args,
        },
        { signal },
      )
      if (!verdict.run) return { isError: true, content: [{ type: 'text', text: verdict.message }], structuredContent: { outcome: 'failed', extensionId: tool.extensionId, tool: tool.toolName, durationMs: 0 } }
    }
    // Cancelling the request (notifications/cancelled from the window) cancels the call in the extension (F6).
    const { result, outcome } = await extensions.callTool(name, args, PERSON_CALLER, signal, progressRelay(ctx))
    return { ...result, structuredContent: outcome }
  })
  tool('permission_set', 'Set or revoke the policy of a tool or an extension.', async ({ tool: toolName, extension, policy }) => {
    if (toolName !== undefined) {
      const current = extensions.core.cache.lookup(toolName)
      await permissions.setToolPolicy(toolName, policy ?? undefined, current && toolDefinitionOf(current))
    } else {
      await permissions.store.setExtensionPolicy(extension!, policy ?? undefined)
    }
    return { ok: true as const }
  })
  tool('permission_mode_set', 'Choose how much Switchboard asks before tools run.', async ({ mode }) => {
    await permissions.store.setMode(mode)
    return { mode }
  })
  tool('permission_rule_save', 'Add or replace an argument rule.', ({ rule }) => permissions.store.saveRule(rule))
  tool('permission_rule_remove', 'Remove an argument rule.', async ({ id }) => ({ id, removed: await permissions.store.removeRule(id) }))
  tool('permission_rule_test', 'What a rule, or the saved rules, would decide for a sample call.', async ({ rule, sample }) => {
    if (rule === undefined) {
      const evaluation = permissions.explain(sample)
      return { ok: true, decision: evaluation.decision, ruleId: evaluation.ruleId, trace: [evaluation.reason, ...evaluation.trace.map(describeTrace)] }
    }
    const tested = permissions.testRule(rule, sample)
    return tested.ok
      ? { ok: true, decision: tested.wouldDecide, ruleId: tested.trace.ruleId, trace: [describeTrace(tested.trace)] }
      : { ok: false, error: tested.error, trace: [] }
  })
  tool('permission_revoke_all', 'Revoke every "always allow" and allow rule.', async () => {
    const summary = await permissions.store.revokeAll()
    return { revoked: summary.toolPolicies + summary.extensionPolicies + summary.rules }
  })
  tool('permission_pin_forget', 'Forget the accepted definition of a tool.', async ({ tool: toolName }) => {
    await permissions.store.forgetPin(toolName)
    return { tool: toolName }
  })
  tool('permission_suggestion_accept', 'Save a suggested rule (from repeated approvals) as an ordinary allow rule.', async ({ id }) => {
    const rule = permissions.suggestions.accept(id)
    if (!rule) throw new Error(`There is no rule suggestion with the id ${JSON.stringify(id)}. Read switchboard://permissions for the current ones.`)
    return permissions.store.saveRule(rule)
  })
  tool('permission_suggestion_dismiss', 'Drop a suggested rule; it is not suggested again.', async ({ id }) => ({ id, dismissed: permissions.suggestions.dismiss(id) }))
  tool('assisted_review_set', 'Turn assisted review on or off, choose the model that rates calls, and whether a low rating may answer a mode\'s question.', async ({ settings: next }) => {
    if (next.enabled && next.providerId !== undefined && !services.policy.assistedReviewProviderAllowed(next.providerId)) {
      throw new Error(`Your organization's policy does not allow sending tool arguments to the provider "${next.providerId}"; choose another provider.`)
    }
    settings.update({ assistedReview: next })
    return next
  })
  tool('provider_save', 'Add or change a model provider (its key is the secret provider:<id>).', ({ provider }) => models.save(provider))
  tool('provider_remove', 'Remove a model provider.', async ({ id }) => {
    await models.remove(id)
    return { id }
  })
  tool('provider_test', "List a provider's models to check its address and key.", ({ id }) => models.test(id))
  tool('provider_try', 'Check a provider before saving it: list its models with the key typed (used once, never stored).', ({ provider, key }) => models.tryConfig(provider, key))
  tool('model_select', 'Choose the model new turns use.', async ({ providerId, modelId }) => {
    await models.select(providerId, modelId)
    return { providerId, modelId }
  })
  tool('elicitation_respond', 'Answer a pending approval or question.', async ({ id, action, content }) => {
    await elicitations.respond(id, action, content)
    return { id }
  })
  registerQuestionTools(tool, services)
  registerActivityTools(tool, services)
  registerAppTools(tool, raw, services)
  registerHookTools(tool, services)
  registerSkillTools(tool, services)
  registerPluginTools(tool, services)
  registerConnectedAppTools(tool, services)
  registerAgentTools(tool, services)
  registerRoutineTools(tool, services)
}
