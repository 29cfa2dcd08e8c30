/**
 * Everything main uses of the AI SDK at run time, in one module that only aiSdk.ts imports (dynamically):
 * the SDK and its provider packages are then a chunk of their own that the start path never loads.
 */
export {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  NoSuchToolError,
  RetryError,
  TypeValidationError,
  generateText,
  jsonSchema,
  modelMessageSchema,
  parsePartialJson,
  streamText,
  tool,
} from 'ai'
export { anthropic, createAnthropic } from '@ai-sdk/anthropic'
export { createOpenAI } from '@ai-sdk/openai'
export { createOpenAICompatible } from '@ai-sdk/openai-compatible'
