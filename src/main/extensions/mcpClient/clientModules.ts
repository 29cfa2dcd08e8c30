/**
 * Everything main uses of the MCP SDK's client at run time, in one module that only clientSdk.ts
 * imports (dynamically): the client package carries its own copy of the protocol layer beside the
 * server's, so it is a chunk of its own that the start path never loads (bench/startup.ts).
 */
export {
  Client,
  DpopSession,
  MAX_CACHE_TTL_MS,
  SERVER_INFO_META_KEY,
  SSEClientTransport,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  auth,
  createPrivateKeyJwtAuth,
  discoverOAuthServerInfo,
  requestJwtAuthorizationGrant,
} from '@modelcontextprotocol/client'
export { SkillVerificationError, SkillsClient } from '@modelcontextprotocol/client/ext/skills'
