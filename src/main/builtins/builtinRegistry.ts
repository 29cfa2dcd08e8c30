/**
 * Builtin extensions: MCP servers that live inside main. Each is a factory, called lazily when its
 * extension first connects (and again after a restart), and talks over an `InMemoryTransport`
 * pair, so above the extension manager a builtin looks exactly like an external server.
 */
import { InMemoryTransport } from '@modelcontextprotocol/server'
import type { McpServer, Transport } from '@modelcontextprotocol/server'

/** Facts a builtin may need from the app; passed in so builtins stay leaf modules. */
export interface BuiltinContext {
  appVersion: string
}

/** Creates a fresh server; called once per connection. */
export type BuiltinFactory = (context: BuiltinContext) => McpServer

/** A started builtin: the client end to hand to an SDK Client, and a way to stop the server. */
export interface OpenedBuiltin {
  clientTransport: Transport
  close: () => Promise<void>
}

export class BuiltinRegistry {
  private readonly factories = new Map<string, BuiltinFactory>()
  /** How many servers each factory created; lets tests see that creation is lazy. */
  readonly created = new Map<string, number>()

  constructor(private readonly context: BuiltinContext) {}

  /** Registers a factory under `name`; returns a function that unregisters it. */
  register(name: string, factory: BuiltinFactory): () => void {
    if (this.factories.has(name)) throw new Error(`A builtin named "${name}" is already registered; pick another name.`)
    this.factories.set(name, factory)
    return () => {
      if (this.factories.get(name) === factory) this.factories.delete(name)
    }
  }

  has(name: string): boolean {
    return this.factories.has(name)
  }

  names(): string[] {
    return [...this.factories.keys()].sort()
  }

  /** Creates the server for `name` and connects it to one end of a linked in-memory pair. */
  async open(name: string): Promise<OpenedBuiltin> {
    const factory = this.factories.get(name)
    if (!factory) {
      throw new Error(`There is no builtin extension named "${name}"; available: ${this.names().join(', ') || 'none'}.`)
    }
    const server = factory(this.context)
    this.created.set(name, (this.created.get(name) ?? 0) + 1)
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
    await server.connect(serverTransport)
    return { clientTransport, close: () => server.close() }
  }
}
