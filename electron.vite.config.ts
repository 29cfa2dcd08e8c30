import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import type { Plugin } from 'vite'
import { contentSecurityPolicy } from './src/shared/csp'
import { RENDERER_CHUNK_WARNING_KB } from './scripts/bundleSize.mjs'

/** Native modules: loaded from node_modules (unpacked beside app.asar), never bundled. */
const NATIVE_DEPENDENCIES = ['keytar', '@napi-rs/keyring']
/** Dependencies that import electron themselves; only the Electron main loads them. */
const ELECTRON_DEPENDENCIES = ['electron-store', 'electron-updater']

/**
 * The other `dependencies` (ajv, ajv-formats, gpt-tokenizer) are required on first use from
 * node_modules, and bundled where something imports them statically. Everything else the main uses
 * is a devDependency, which the build bundles and electron-builder does not pack a second time.
 */
function bundledDependencies(): string[] {
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { dependencies: Record<string, string> }
  return Object.keys(pkg.dependencies).filter((name) => !NATIVE_DEPENDENCIES.includes(name) && !ELECTRON_DEPENDENCIES.includes(name))
}

/**
 * `import … from 'node:http'` makes Node build the module's ESM facade, which reads every export,
 * lazy getters included: node:http's WebSocket/CloseEvent/MessageEvent load undici (Node's fetch),
 * tens of milliseconds on every start for a fetch the start never makes; node:fs's `promises`,
 * node:util's TextDecoder, node:process's every property and the other builtins' likewise (~35 ms of
 * the host's start together, bench/startup.ts). The main build takes the same module objects from
 * process.getBuiltinModule instead (on the import's own line, so positions stay; through globalThis,
 * since a chunk may bind the name `process` itself). Default, named and namespace imports are the
 * forms the bundler writes for a builtin; any other form fails the build.
 */
function builtinsWithoutEsmFacade(): Plugin {
  const importLine = /^import\s+(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+([\w$]+))?\s*(?:from\s*)?"([^"]+)";?$/gm
  const builtin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier)
  function rewrite(code: string): string {
    const rewritten = code.replace(importLine, (line, name: string | undefined, named: string | undefined, namespace: string | undefined, specifier: string) => {
      if (!builtin(specifier)) return line
      const module = `globalThis.process.getBuiltinModule(${JSON.stringify(specifier)})`
      const bindings = (named ?? '').split(',').map((part) => part.trim()).filter(Boolean).map((part) => part.replace(/\s+as\s+/, ': '))
      if (bindings.some((binding) => binding.startsWith('default'))) throw new Error(`switchboard-builtins-without-esm-facade: a default import by name it does not rewrite: ${line}`)
      const parts = [name ?? namespace ? `const ${name ?? namespace} = ${module};` : '', bindings.length ? `const { ${bindings.join(', ')} } = ${module};` : '']
      return parts.filter(Boolean).join(' ')
    })
    const left = /^import\s[^;]*?"(node:[^"]+)"/m.exec(rewritten)
    if (left) throw new Error(`switchboard-builtins-without-esm-facade: an import of ${left[1]} in a form it does not rewrite`)
    return rewritten
  }
  return {
    name: 'switchboard-builtins-without-esm-facade',
    apply: 'build',
    // After every renderChunk, electron-vite's CommonJS shim (`import __shims_module__ from 'node:module'`) included.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = rewrite(chunk.code)
    },
  }
}

/** Puts the app's CSP into the built index.html (dev needs Vite's inline scripts, so build only). */
function cspMetaTag(): Plugin {
  return {
    name: 'switchboard-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy({ meta: true }) }, injectTo: 'head-prepend' },
    ],
  }
}

export default defineConfig({
  main: {
    plugins: [builtinsWithoutEsmFacade()],
    build: {
      // The pure-JS dependencies are bundled into out/main: a start then reads a few files instead of
      // resolving, reading and (for CommonJS) lexing hundreds in node_modules (host ready 1527 → 668 ms,
      // CPU 960 → 670 ms, bench/startup.ts); they are devDependencies, so app.asar does not ship them
      // again in node_modules. Externals: the native keychain bindings (optional dependencies, loaded,
      // never bundled) and the two packages that require electron themselves.
      externalizeDeps: { include: [...NATIVE_DEPENDENCIES, ...ELECTRON_DEPENDENCIES], exclude: bundledDependencies() },
      rollupOptions: {
        input: {
          index: resolve('src/main/electron/index.ts'),
          host: resolve('src/main/host/cli.ts'),
          // The search index's writer runs in a worker thread (chatSearch.ts finds it beside the bundle).
          searchWorker: resolve('src/main/services/chat/searchWorker.ts'),
        },
        // V8 keeps each loaded module's source text for the life of the process, two bytes a character
        // as soon as one character is past Latin-1 (a '—' or '→' in a doc comment or a message). ASCII
        // output with only the legal comments kept: the start reads, decodes and hashes (compile cache)
        // a third less text and idle memory holds it once, one byte a character (bench/startup.ts).
        output: { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require() anything but electron: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react(), tailwindcss(), cspMetaTag()],
    build: {
      // ES2021 lowers class private fields (#x), which @doyensec/electronegativity's parser cannot read;
      // Chromium runs either, and the security scan must see every file.
      target: 'es2021',
      // electron-vite leaves the renderer unminified by default; minified, the first chunk the window
      // parses is a third of the size (the bundle-size budget, scripts/bundleSize.mjs, counts on it).
      minify: true,
      // The first chunk has its own budget, gzipped (npm run size); the chart libraries load on first use.
      chunkSizeWarningLimit: RENDERER_CHUNK_WARNING_KB,
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
  },
})
