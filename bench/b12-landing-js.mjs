// B12 landing JS (shared/BENCHMARKS.md): gzipped size of the JavaScript a visitor's browser must load
// for the landing page (the entry chunk and every chunk it imports statically), against a React-only
// page built in the same run. Dynamic imports (the app shell, lazy pages) are not counted.
//
//   node bench/b12-landing-js.mjs             builds web/ first
//   node bench/b12-landing-js.mjs --no-build  measures the existing web/dist
//
// Sizes: gzip level 9, 1 KB = 1000 bytes (as Vite reports them). Exits non-zero only when a build fails.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'web');
const GOAL_KB = 90;

const gzipKb = (bytes) => gzipSync(bytes, { level: 9 }).length / 1000;

/** The HTML entry's chunk plus, transitively, every chunk it imports statically. */
function initialChunks(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error(`${manifestPath} has no index.html entry`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...files];
}

function measure(distDir) {
  const chunks = initialChunks(distDir).map((file) => ({ file, kb: gzipKb(readFileSync(join(distDir, file))) }));
  return { chunks, kb: chunks.reduce((sum, chunk) => sum + chunk.kb, 0) };
}

async function buildOrExit(label, config) {
  try {
    await build({ logLevel: 'error', ...config });
  } catch (error) {
    console.error(`B12: ${label} build failed:`, error);
    process.exit(1);
  }
}

/** A page that renders one element with React, built the same way, in a temporary directory. */
async function buildBaseline() {
  const dir = mkdtempSync(join(tmpdir(), 'projectory-b12-'));
  const fromWeb = createRequire(join(webDir, 'package.json'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Baseline</title></head>' +
        '<body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
    );
    writeFileSync(
      join(dir, 'main.js'),
      "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
    );
    await buildOrExit('baseline', {
      root: dir,
      configFile: false,
      resolve: {
        // The temporary directory has no node_modules: use the web workspace's React.
        alias: [
          { find: /^react$/, replacement: fromWeb.resolve('react') },
          { find: /^react-dom\/client$/, replacement: fromWeb.resolve('react-dom/client') },
        ],
      },
      build: { outDir: join(dir, 'dist'), manifest: true },
    });
    return measure(join(dir, 'dist'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const webDist = join(webDir, 'dist');
if (process.argv.includes('--no-build')) {
  if (!existsSync(join(webDist, '.vite', 'manifest.json'))) {
    console.error('B12: web/dist has no .vite/manifest.json; run without --no-build');
    process.exit(1);
  }
} else {
  await buildOrExit('web', { root: webDir });
}

const landing = measure(webDist);
const baseline = await buildBaseline();

for (const chunk of landing.chunks) console.log(`  ${chunk.file}: ${chunk.kb.toFixed(1)} KB gzip`);
console.log(
  `B12 landing JS: ${landing.kb.toFixed(1)} KB gzip (baseline React-only ${baseline.kb.toFixed(1)} KB, ` +
    `ratio ${(landing.kb / baseline.kb).toFixed(2)}) (goal ≤ ${GOAL_KB} KB)`,
);
