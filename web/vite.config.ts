import { fileURLToPath } from 'node:url';
import { build, createServer, defineConfig, type Plugin, type ProxyOptions, type Rollup, type UserConfig } from 'vite';
import { BOOT_PAGES, BOOT_SIGNED_IN_REQUESTS } from './src/app/boot-plan';
import { bootScript, type AppFrames, type BuiltBootPage } from './src/app/boot-script';

const GATEWAY = 'http://127.0.0.1:3000';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

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

/** Loads `module` (a path under web/) in Node through a throwaway Vite server, for build-time rendering. */
async function loadForBuild<T>(module: string): Promise<{ value: T; close: () => Promise<void> }> {
  const server = await createServer({
    configFile: false,
    root: webRoot,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return {
      value: (await server.ssrLoadModule(fileURLToPath(new URL(module, import.meta.url)))) as T,
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Renders the landing page into index.html at build time, so that a phone shows it before any
 * JavaScript has run; main.tsx hydrates it. Only the production build does this.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'projectory:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
        const { value, close } = await loadForBuild<{ renderLanding: () => string }>(
          './src/features/landing/prerender.tsx',
        );
        try {
          return html.replace(ROOT_ELEMENT, `<div id="root">${value.renderLanding()}</div>`);
        } finally {
          await close();
        }
      },
    },
  };
}

const ANTD_STYLES = 'virtual:antd-styles.css';
const RESOLVED_ANTD_STYLES = `\0${ANTD_STYLES}`;

/**
 * `import 'virtual:antd-styles.css'` (App.tsx): in the build, antd's styles rendered at build time
 * (src/app/antd-styles.tsx), so the app does not generate them on the phone; in development, nothing
 * (antd writes them at run time, as it does for any component left out of that file).
 */
function antdStaticStyles({ render = true } = {}): Plugin {
  let build = false;
  return {
    name: 'projectory:antd-static-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === ANTD_STYLES ? RESOLVED_ANTD_STYLES : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ANTD_STYLES) return undefined;
      if (!build || !render) return '';
      const { value, close } = await loadForBuild<{ renderAntdStyles: () => string }>('./src/app/antd-styles.tsx');
      try {
        return value.renderAntdStyles();
      } finally {
        await close();
      }
    },
  };
}

/**
 * The landing page's modules (what main.tsx imports statically, the theme's tokens included, the
 * contracts' values it uses, Vite's preload helper): their own chunk, without the app's.
 */
const LANDING_MODULE =
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]web[\\/]src[\\/](features[\\/]landing[\\/]|shared[\\/]ui[\\/](FullScreenSpinner|full-screen-spinner)|api[\\/](session-hint|boot-requests)\.ts|app[\\/]next-task\.ts|shared[\\/]theme[\\/]tokens\.css)|[\\/]libs[\\/]contracts[\\/]src[\\/]values|^\0vite\//;

/** The app's shared modules: the API slice and socket, shared/ (components, helpers, session), the shell's parts, every feature's texts and endpoints, the contracts' values. */
const APP_COMMON_MODULE =
  /[\\/]web[\\/]src[\\/](api|shared|app)[\\/]|\.texts\.ts$|\.api\.ts$|[\\/]libs[\\/]contracts[\\/]/;

/** The chunk of `module` (a path under web/): the one it is the facade of, else the one holding it. */
function chunkOf(chunks: Rollup.OutputChunk[], module: string): Rollup.OutputChunk {
  const id = webRoot + module;
  const chunk =
    chunks.find((candidate) => candidate.facadeModuleId === id) ??
    chunks.find((candidate) => candidate.moduleIds.includes(id));
  if (!chunk) throw new Error(`${module} is in no chunk`);
  return chunk;
}

/**
 * `chunk` and every chunk it imports statically, directly or not (what loading it loads), each after
 * those it imports: the order in which Vite adds their stylesheets, which the cascade depends on.
 */
function staticClosure(chunks: Rollup.OutputChunk[], chunk: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const byName = new Map(chunks.map((candidate) => [candidate.fileName, candidate]));
  const seen = new Set<Rollup.OutputChunk>();
  const closure: Rollup.OutputChunk[] = [];
  const visit = (current: Rollup.OutputChunk) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const name of current.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
    closure.push(current);
  };
  visit(chunk);
  return closure;
}

/**
 * The pages most signed-in visits start on: the libraries and the app's shared modules their first
 * render needs make the vendor and common chunks; every other module stays with the pages that use it.
 */
const FIRST_PAGES = ['/projects', '/dashboard'];

/**
 * The modules the first render of FIRST_PAGES loads, from a first build without chunk groups: there,
 * Rolldown splits at each lazy import and follows only the exports a module uses (a module's list of
 * imports would not do: antd's index imports every component), so the chunks these pages import
 * statically hold what they need and nothing else. About two seconds.
 */
async function firstPageModules(): Promise<Set<string>> {
  const output = await build({
    configFile: false,
    root: webRoot,
    logLevel: 'silent',
    resolve: { alias },
    plugins: [antdStaticStyles({ render: false })],
    build: { write: false, rolldownOptions: { onwarn: () => undefined } },
  });
  const chunks = [output]
    .flat()
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const modules = FIRST_PAGES.flatMap((path) => BOOT_PAGES[path]?.modules ?? []);
  return new Set(
    modules.flatMap((module) => staticClosure(chunks, chunkOf(chunks, module)).flatMap((chunk) => chunk.moduleIds)),
  );
}

const BOOT_MARKER = /\/\/ app-boot:.*(\n\s*\/\/ .*)*/;

/**
 * Writes the boot script (src/app/boot-plan.ts) into index.html: for each page of the plan, the built
 * files of its modules and of their static imports, JavaScript and CSS, less the entry's (index.html
 * loads those already). A module of the plan that is in no chunk fails the build.
 */
function bootAppPages(): Plugin {
  return {
    name: 'projectory:boot-app-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) throw new Error('projectory:boot-app-pages runs in the build only');
        if (!BOOT_MARKER.test(html)) throw new Error('index.html has no // app-boot: marker in its inline script');
        const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = new Set([entry?.fileName, ...(entry?.viteMetadata?.importedCss ?? [])]);
        const filesOf = (module: string): string[] =>
          staticClosure(chunks, chunkOf(chunks, module)).flatMap((chunk) => [
            chunk.fileName,
            ...(chunk.viteMetadata?.importedCss ?? []),
          ]);
        const pages: Record<string, BuiltBootPage> = {};
        for (const [path, { modules, ...data }] of Object.entries(BOOT_PAGES)) {
          const files = [...new Set(modules.flatMap(filesOf))].filter((file) => !loaded.has(file));
          pages[path] = { files: files.map((file) => `/${file}`), ...data };
        }
        const { value, close } = await loadForBuild<{ renderAppFrames: () => AppFrames }>('./src/app/app-frames.tsx');
        try {
          const frames = value.renderAppFrames();
          // The entry's module script becomes a preload: the boot script runs the entry (boot-script.ts).
          const entryTag = new RegExp(`<script type="module" crossorigin src="/${entry?.fileName}"></script>`);
          if (!entry || !entryTag.test(html)) throw new Error('index.html has no module script of the entry');
          return html
            .replace(entryTag, `<link rel="modulepreload" crossorigin href="/${entry.fileName}">`)
            .replace(BOOT_MARKER, () => bootScript(`/${entry.fileName}`, pages, BOOT_SIGNED_IN_REQUESTS, frames));
        } finally {
          await close();
        }
      },
    },
  };
}

// No @vitejs/plugin-react: Vite 8 compiles TSX with the automatic JSX runtime from tsconfig
// (`jsx: react-jsx`); the plugin would only add Fast Refresh in development.
export default defineConfig(async ({ command }): Promise<UserConfig> => {
  const firstPage = command === 'build' ? await firstPageModules() : new Set<string>();
  return {
    plugins: [antdStaticStyles(), prerenderLanding(), bootAppPages()],
    resolve: { alias },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // bench/b12-landing-js.mjs reads the manifest to size the landing page's initial JavaScript.
      manifest: true,
      // The vendor chunk (codeSplitting below) is one large file by design.
      chunkSizeWarningLimit: 1000,
      rolldownOptions: {
        output: {
          // Fewer, larger files for the app (a phone opens a handful of connections, and each file waits
          // for its turn and a round trip): the landing page's modules (React, the landing page) in one
          // chunk, which the entry imports; the libraries the first pages' render needs in another; the
          // app's shared modules they need (API slice, components, texts, endpoints) in a third. Pages,
          // and libraries only other pages or dialogs opened later use, stay their own chunks. A group
          // takes its modules' dependencies along, unless a group before it took them (that keeps each
          // chunk's imports in order).
          // web/package.json declares which modules have side effects (stylesheets, main.tsx): importing a
          // feature's index.ts (eslint.config.js) brings only what the importer uses, not its neighbours.
          codeSplitting: {
            groups: [
              { name: 'landing', test: (id: string) => LANDING_MODULE.test(id), priority: 3 },
              {
                name: 'vendor',
                test: (id: string) => firstPage.has(id) && id.includes('/node_modules/'),
                priority: 2,
              },
              { name: 'common', test: (id: string) => firstPage.has(id) && APP_COMMON_MODULE.test(id), priority: 1 },
            ],
          },
        },
        onwarn(warning, warn) {
          // antd and react-router mark their modules "use client" for React Server Components; meaningless here.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
  };
});
