/**
 * Translates the failures inside a model's stream into ProviderErrors, keeping their shape: an
 * `error` part (the SDK's way of reporting a malformed chunk) stays an error part, a stream that
 * fails (connection dropped mid-reply) still fails. Aborts pass untouched, so streamText still
 * reports them as aborts.
 */
import { isAbortError, type ProviderError } from './providerErrors'
import type { LanguageModelStreamPart } from './sdkTypes'

export function translateStreamErrors(
  stream: ReadableStream<LanguageModelStreamPart>,
  translate: (error: unknown) => ProviderError,
): ReadableStream<LanguageModelStreamPart> {
  const reader = stream.getReader()
  return new ReadableStream<LanguageModelStreamPart>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) return controller.close()
        controller.enqueue(value.type === 'error' ? { ...value, error: translate(value.error) } : value)
      } catch (error) {
        controller.error(isAbortError(error) ? error : translate(error))
      }
    },
    cancel: (reason) => reader.cancel(reason),
  })
}
