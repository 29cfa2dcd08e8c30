/**
 * Which of the person's app tool calls (window or host API) go into the activity log, and how they
 * are worded. Only chosen fields of the arguments are named — ids, names, policies, the answer —
 * never a value that could be a secret (a form's content, a key, a config's env).
 */
import type { ActivityEvent, ActivityKind } from '../../shared/activityApi'

type Entry = { kind: ActivityKind; verb: string; subject: (args: Record<string, unknown>) => string | undefined }

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined)
const field = (name: string) => (args: Record<string, unknown>) => text(args[name])
const configName = (args: Record<string, unknown>) => text((args.config as Record<string, unknown> | undefined)?.name)

const EVENTS: Record<string, Entry> = {
  extension_add: { kind: 'install', verb: 'Installed extension', subject: configName },
  extension_install_bundle: { kind: 'install', verb: 'Installed a bundle', subject: () => undefined },
  extension_import: { kind: 'install', verb: 'Imported extensions', subject: () => undefined },
  registry_install: { kind: 'install', verb: 'Installed from the registry', subject: field('name') },
  extension_remove: { kind: 'removal', verb: 'Removed extension', subject: field('id') },
  plugin_install: { kind: 'install', verb: 'Installed a plugin', subject: () => undefined },
  plugin_uninstall: { kind: 'removal', verb: 'Uninstalled plugin', subject: field('name') },
  extension_sign_in: { kind: 'sign-in', verb: 'Started signing in to', subject: field('id') },
  extension_sign_out: { kind: 'sign-out', verb: 'Signed out of', subject: field('id') },
  elicitation_respond: { kind: 'consent', verb: 'Answered request', subject: (args) => `${text(args.id) ?? ''} (${text(args.action) ?? ''})` },
  permission_set: { kind: 'permission-change', verb: 'Set a policy', subject: (args) => `${text(args.tool) ?? text(args.extension) ?? ''} → ${text(args.policy) ?? 'mode'}` },
  permission_mode_set: { kind: 'permission-change', verb: 'Set the permission mode', subject: field('mode') },
  permission_rule_save: { kind: 'permission-change', verb: 'Saved an argument rule', subject: (args) => text((args.rule as Record<string, unknown> | undefined)?.id) },
  permission_rule_remove: { kind: 'permission-change', verb: 'Removed an argument rule', subject: field('id') },
  permission_revoke_all: { kind: 'permission-change', verb: 'Revoked every "always allow" and allow rule', subject: () => undefined },
  permission_pin_forget: { kind: 'permission-change', verb: 'Forgot the accepted definition of', subject: field('tool') },
  hook_save: { kind: 'permission-change', verb: 'Saved hook', subject: field('name') },
  hook_remove: { kind: 'permission-change', verb: 'Removed hook', subject: field('id') },
  connected_apps_set_enabled: { kind: 'connected-app', verb: 'Connected apps switched', subject: (args) => (args.enabled ? 'on' : 'off') },
  connected_app_approve: { kind: 'connected-app', verb: 'Approved a connected app', subject: field('requestId') },
  connected_app_add: { kind: 'connected-app', verb: 'Added connected app', subject: field('name') },
  connected_app_update: { kind: 'connected-app', verb: 'Changed connected app', subject: field('id') },
  connected_app_revoke: { kind: 'connected-app', verb: 'Revoked connected app', subject: field('id') },
  activity_set_retention: { kind: 'retention', verb: 'Set activity retention (days)', subject: field('days') },
  skill_add: { kind: 'skill', verb: 'Added a skill', subject: field('name') },
  skill_remove: { kind: 'skill', verb: 'Removed skill', subject: field('uri') },
  skill_set_enabled: { kind: 'skill', verb: 'Switched skill', subject: (args) => `${text(args.uri) ?? ''} ${args.enabled === true ? 'on' : 'off'} (${text(args.scope) ?? 'global'})` },
  routine_save: { kind: 'routine', verb: 'Saved routine', subject: field('name') },
  routine_remove: { kind: 'routine', verb: 'Removed routine', subject: field('id') },
  routine_pause: { kind: 'routine', verb: 'Paused routine', subject: field('id') },
  routine_resume: { kind: 'routine', verb: 'Resumed routine', subject: field('id') },
  routine_run_now: { kind: 'routine', verb: 'Ran routine now', subject: field('id') },
  telemetry_set: { kind: 'telemetry', verb: 'Changed telemetry export', subject: (args) => (args.enabled === true ? 'on' : args.enabled === false ? 'off' : undefined) },
}

export function appToolEvent(name: string, args: Record<string, unknown>): Omit<ActivityEvent, 'caller'> | undefined {
  const entry = EVENTS[name]
  if (!entry) return undefined
  const subject = entry.subject(args)?.slice(0, 300)
  return { kind: entry.kind, summary: subject ? `${entry.verb} ${subject}` : entry.verb, ...(subject ? { subject } : {}), tool: name }
}
