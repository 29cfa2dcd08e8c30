/** MCP log levels (RFC 5424 severities, least to most severe), for server log lines and the per-extension level setting. */
import { z } from 'zod'

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const
export const LoggingLevelSchema = z.enum(LOG_LEVELS)
export type LoggingLevel = z.infer<typeof LoggingLevelSchema>

/** Position in severity order: a higher rank is more severe. */
export const logLevelRank = (level: LoggingLevel): number => LOG_LEVELS.indexOf(level)
