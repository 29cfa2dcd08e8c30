// Lint, including the import boundaries of docs/architecture.md §3 (the module map).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const electron = { name: 'electron', message: 'Only src/main/electron/ and src/preload/ may import electron (docs/architecture.md §3).' }
const toRenderer = { regex: '(^|/)renderer(/|$)', message: 'main never imports the renderer (docs/architecture.md §3).' }
const toMain = { regex: '(^|/)main(/|$)', message: 'The renderer never imports main; talk to it over MCP (docs/architecture.md §3).' }
const nodeBuiltins = { regex: '^node:', message: 'src/shared is pure TypeScript: no Node built-ins.' }

/** Leaf folders of main import only src/shared, their own files, the log and the storage helpers. */
const leafOnlyShared = {
  regex: String.raw`^\.\./(?!\.\./shared(/|$)|log(/|$)|storage(/|$))`,
  message: 'This folder is a leaf: it may import only src/shared, ../log and ../storage (docs/architecture.md §3).',
}
/** The same, from a subfolder of a leaf folder (permissions/inspectors/): `../` is still its own folder. */
const leafSubfolderOnlyShared = {
  regex: String.raw`^\.\./\.\./(?!\.\./shared(/|$)|log(/|$)|storage(/|$))`,
  message: leafOnlyShared.message,
}
/**
 * From src/main/<folder>/ and its subfolders: which sibling folders a folder may use. Any number of
 * `../` counts, so a file in a subfolder (extensions/connection/, services/chat/) reaching
 * `../../agent` is held to its folder's rule too. (So no subfolder may bear the name of a folder its
 * own folder may not use: services/hooks/ is fine, extensions/agent/ would be refused.)
 */
const mayNotUse = (folders) => ({
  regex: String.raw`^(\.\./)+(${folders.join('|')})(/|$)`,
  message: `Dependencies point downward (docs/architecture.md §3): this folder may not import ${folders.join(', ')}.`,
})

const restrict = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: patterns.filter((p) => p.name),
      patterns: patterns.filter((p) => p.regex).map(({ regex, message }) => ({ regex, message })),
    },
  ],
})

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'build/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(electron, toMain) },
  },
  { files: ['src/shared/**/*.ts'], rules: restrict(electron, toMain, toRenderer, nodeBuiltins) },
  { files: ['src/main/**/*.ts'], rules: restrict(electron, toRenderer) },
  { files: ['src/main/electron/**/*.ts'], rules: restrict(toRenderer) },
  { files: ['src/preload/**/*.ts'], rules: restrict(toRenderer, toMain) },
  { files: ['src/main/server/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host'])) },
  { files: ['src/main/services/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'gateway'])) },
  { files: ['src/main/gateway/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'secrets', 'settings', 'builtins'])) },
  { files: ['src/main/agent/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'services', 'gateway', 'secrets', 'settings', 'builtins'])) },
  { files: ['src/main/extensions/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'services', 'gateway', 'agent', 'permissions', 'settings'])) },
  { files: ['src/main/hooks/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'services', 'gateway', 'agent', 'secrets', 'settings', 'builtins'])) },
  { files: ['src/main/activity/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'services', 'gateway', 'agent', 'secrets', 'settings', 'builtins', 'hooks', 'telemetry'])) },
  { files: ['src/main/telemetry/**/*.ts'], rules: restrict(electron, toRenderer, mayNotUse(['electron', 'host', 'server', 'services', 'gateway', 'agent', 'secrets', 'settings', 'builtins', 'extensions', 'permissions'])) },
  {
    files: ['src/main/{permissions,secrets,settings,builtins,log,storage,aiSdk,net,policy}/**/*.ts'],
    rules: restrict(electron, toRenderer, leafOnlyShared),
  },
  {
    files: ['src/main/{permissions,secrets,settings,builtins,log,storage,aiSdk,net,policy}/*/*.ts'],
    rules: restrict(electron, toRenderer, leafSubfolderOnlyShared),
  },
)
