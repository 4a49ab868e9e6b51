import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin, type ProxyOptions } from 'vite';

const GATEWAY = 'http://127.0.0.1:3000';

// `ws: true` also carries the Socket.IO upgrade requests under /api/socket.io.
const proxy: Record<string, ProxyOptions> = { '/api': { target: GATEWAY, ws: true } };

const ROOT_ELEMENT = '<div id="root"></div>';

// As in web/tsconfig.json. The web imports only types from it (eslint.config.js), which the build
// erases: its index would bring zod into the bundle.
// Its zod-free entry, @projectory/contracts/values (limits, labels, error codes), is imported for
// values; it comes first, as an alias also matches the paths under it.
const alias = {
  '@projectory/contracts/values': fileURLToPath(new URL('../libs/contracts/src/values.ts', import.meta.url)),
  '@projectory/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};

/**
 * Renders the landing page into index.html at build time, so that a phone shows it before any
 * JavaScript has run; main.tsx hydrates it. Only the production build does this.
 */
function prerenderLanding(): Plugin {
  const entry = fileURLToPath(new URL('./src/features/landing/prerender.tsx', import.meta.url));
  return {
    name: 'projectory:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
        const server = await createServer({
          configFile: false,
          root: fileURLToPath(new URL('.', import.meta.url)),
          logLevel: 'error',
          appType: 'custom',
          resolve: { alias },
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderLanding } = (await server.ssrLoadModule(entry)) as { renderLanding: () => string };
          return html.replace(ROOT_ELEMENT, `<div id="root">${renderLanding()}</div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

// No @vitejs/plugin-react: Vite 8 compiles TSX with the automatic JSX runtime from tsconfig
// (`jsx: react-jsx`); the plugin would only add Fast Refresh in development.
export default defineConfig({
  plugins: [prerenderLanding()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/b12-landing-js.mjs reads the manifest to size the landing page's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // antd and react-router mark their modules "use client" for React Server Components; meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
});
