/**
 * The services the host's MCP surface is built on (one instance, shared by every connection). A
 * file of its own so the tool modules and the server both depend on it, not on each other.
 */
import type { SessionAttachments } from '../agent'
import type { SessionIndex } from '../agent/session/sessionIndex'
import type { BundleService } from '../extensions/bundles/bundleService'
import type { RegistryService } from '../extensions/registry/registryService'
import type { PermissionService } from '../permissions'
import type { CallRater } from '../services/review/callRater'
import type { SecretStore } from '../secrets/secretStore'
import type { SettingsStore } from '../settings/settingsStore'
import type { ChatService } from '../services/chat/chatService'
import type { ElicitationBoard } from '../services/elicitations/elicitationBoard'
import type { ExtensionLogLevels } from '../services/extensions/extensionLogLevels'
import type { ExtensionService } from '../services/extensions/extensionService'
import type { InstallRequests } from '../services/extensions/installRequests'
import type { ModelService } from '../services/modelService'
import type { NoticeBoard } from '../services/noticeBoard'
import type { AppService } from '../services/appService'
import type { HookService } from '../services/hooks/hookService'
import type { AgentService } from '../services/agents/agentService'
import type { ToolListCache } from './toolListCache'
import type { GatewayService } from '../gateway/gatewayService'
import type { ManagedPolicy } from '../policy'
import type { RoutineService } from '../services/routines/routineService'
import type { SkillService } from '../services/skills/skillService'
import type { PluginService } from '../services/plugins/pluginService'

import type { ActivityService } from '../activity/activityService'
import type { TelemetryService } from '../telemetry/telemetryService'

/** What the host server serves; one instance is shared by every connection. */
export interface HostServices {
  dataDir: string
  version: string
  sessions: SessionIndex
  settings: SettingsStore
  secrets: SecretStore
  /** Things to tell the person once (shown in the settings resource until dismissed). */
  notices: NoticeBoard
  extensions: ExtensionService
  permissions: PermissionService
  /** Assisted review's rater: its settings view (where the arguments go) for Settings → Permissions. */
  review: CallRater
  elicitations: ElicitationBoard
  models: ModelService
  chat: ChatService
  /** The per-extension server log level (logging/setLevel). */
  logLevels: ExtensionLogLevels
  /** Hands a checked link to the system browser (Electron); absent in browser mode, where the page opens links. */
  openExternal?: (url: string) => void | Promise<void>
  /** Resources attached to conversations (resourceTools.ts). */
  attachments: SessionAttachments
  /** Install links handed to the app from outside, waiting for the window. */
  installRequests: InstallRequests
  /** .mcpb bundles: uploads, previews, installs, and cleanup on removal. */
  bundles: BundleService
  /** The MCP Registry: search, details and installs (answers cached). */
  registry: RegistryService
  /** MCP Apps: which tools have one, what each was given, the sandbox origin, contexts for the next turn. */
  apps: AppService
  /** Hooks: the saved hooks, their approvals and the runner every turn uses. */
  hooks: HookService
  /** Agents: their definitions, and each one served as the builtin extension agent-<id>. */
  agents: AgentService
  /** The host's own tools/list answer, built once for every connection (toolListCache.ts). */
  toolList: ToolListCache
  /** Connected apps and the loopback HTTP endpoint they use (src/main/gateway). */
  gateway: GatewayService
  /** The organisation's managed policy (src/main/policy): switchboard://policy and the answers enforcing places ask for. */
  policy: ManagedPolicy
  /** Routines: agents asked to do something on a schedule (services/routines/). */
  routines: RoutineService
  /** Skills: local skill folders and skills servers, consent, and what the model may load. */
  skills: SkillService
  /** Plugins (Claude Code format): previews, installs, and what each added (services/plugins/). */
  plugins: PluginService
  /** The activity log: tool calls, decisions and the person's changes (src/main/activity); optional for hosts built without it. */
  activity?: ActivityService
  /** OpenTelemetry export (src/main/telemetry); optional like the activity log. */
  telemetry?: TelemetryService
}
