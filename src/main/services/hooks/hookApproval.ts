/**
 * The approval a hook needs before it runs, as the dialog shows it: which tool — or which exact
 * command line, in which folder, with the same launch warnings an extension's first start shows
 * (launchReview.ts) — will see which payloads.
 */
import { homedir } from 'node:os'
import type { Elicitation, Hook, HookEvent } from '../../../shared/hostApi'
import type { CatalogTool } from '../../extensions'
import { launchWarnings } from '../extensions/launchReview'
import { commandWords } from '../../hooks/commandHooks/commandWords'

/** What a target of each event gets to see. */
export const SEES: Record<HookEvent, string> = {
  'session-start': 'the id of every new session and the extensions it offers',
  'user-message': 'every message you send, before the model gets it, and the extensions the turn offers',
  'model-request': 'every request to the model: the whole conversation and the tools offered',
  'tool-call': "every tool call's name and arguments, before it runs",
  'tool-result': "every tool call's arguments and result",
  'turn-end': 'how each turn ended and the last reply',
}

export function hookApproval(id: string, hook: Hook, tool: CatalogTool | undefined): Extract<Elicitation, { kind: 'approval' }> {
  const effect = hook.observeOnly ? ' It only observes: it runs alongside the step and can neither refuse nor change anything.' : ' What it returns can change that before it goes on.'
  const base = { kind: 'approval' as const, id, created: Date.now(), decisions: ['allow_always' as const, 'deny' as const] }
  const caller = { kind: 'hook' as const, name: hook.name }
  const subject = { type: 'hook' as const, hookName: hook.name, event: hook.event, observeOnly: hook.observeOnly, sees: SEES[hook.event] }
  if (hook.command) {
    const cwd = hook.command.cwd ?? homedir()
    const { program, args } = commandWords(hook.command.line)
    return {
      ...base,
      origin: { extensionId: '', extensionName: `Command hook from ${hook.command.source}`, caller },
      message: `The hook "${hook.name}" runs this command on your computer, in ${cwd}, and gives it ${SEES[hook.event]}.${effect} Approve it only if you know what this command does.`,
      subject: { ...subject, target: '', command: { line: hook.command.line, cwd, source: hook.command.source, warnings: launchWarnings(program, args) } },
    }
  }
  const target = hook.target ?? ''
  return {
    ...base,
    origin: { extensionId: tool?.extensionId ?? '', extensionName: tool?.extensionName ?? target, tool: target, caller },
    message: `The hook "${hook.name}" calls ${tool?.title ?? target} with ${SEES[hook.event]}.${effect} Approve it only if you trust this tool with that.`,
    subject: {
      ...subject,
      target,
      ...(tool?.title ? { toolTitle: tool.title } : {}),
      ...(tool?.description ? { toolDescription: tool.description.slice(0, 500) } : {}),
    },
  }
}
