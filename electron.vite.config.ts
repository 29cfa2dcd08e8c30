import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import type { Plugin } from 'vite'
import { contentSecurityPolicy } from './src/shared/csp'

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
    build: {
      // Dependencies stay in node_modules (the default); the keychain bindings are optional
      // dependencies, which the default leaves out: native modules must be loaded, not bundled.
      externalizeDeps: { include: ['keytar', '@napi-rs/keyring'] },
      rollupOptions: {
        input: {
          index: resolve('src/main/electron/index.ts'),
          host: resolve('src/main/host/cli.ts'),
        },
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
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
  },
})
