/** What the bundle service needs from the rest of the host, as narrow interfaces. */
import type { ExtensionView, HostToolArgs, HostToolResult } from '../../../shared/hostApi'

/** The extension service's add/update path (which asks for consent before a first start). */
export interface BundleExtensions {
  views(): ExtensionView[]
  add(input: Record<string, unknown>): Promise<ExtensionView>
  update(id: string, input: Record<string, unknown>): Promise<ExtensionView>
  /** Starts extensions that waited for a secret that is now set. */
  retryNeedsConfig(): void
}

export interface BundleSecrets {
  set(name: string, value: string): Promise<void>
  delete(name: string): Promise<boolean>
  get(name: string): Promise<string | undefined>
}

/** The system file/folder dialog (Electron); absent in browser mode. */
export type PathPicker = (request: HostToolArgs<'pick_path'>) => Promise<HostToolResult<'pick_path'>>
