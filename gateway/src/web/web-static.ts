import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { NotFoundException } from '@projectory/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function loadAsset(path: string, immutable: boolean): Asset {
  const body = readFileSync(path);
  const extension = extname(path);
  const compress = COMPRESSIBLE.has(extension) && body.length > 512;
  return {
    body,
    gzip: compress ? gzipSync(body, { level: 9 }) : undefined,
    brotli: compress ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
    type: TYPES[extension] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  void reply.header('content-type', asset.type).header('cache-control', asset.cacheControl).header('etag', asset.etag);
  void reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (asset.brotli && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(asset.brotli);
  if (asset.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/** The built web app, loaded into memory: every file by its URL, and index.html's inline scripts. */
export interface WebApp {
  assets: Map<string, Asset>;
  index: Asset;
  /** CSP sources (`'sha256-…'`) of index.html's inline scripts, so that the policy allows exactly those. */
  inlineScriptHashes: string[];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP hash source of each inline `<script>` in `html` (those without `src`), as browsers compute it. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , content]) => `'sha256-${createHash('sha256').update(content!, 'utf8').digest('base64')}'`);
}

/** Loads the built web app from `distDir`, compressed once; undefined when it has not been built. */
export function loadWebApp(distDir: string): WebApp | undefined {
  if (!existsSync(join(distDir, 'index.html'))) return undefined;
  const assets = new Map<string, Asset>();
  for (const path of listFiles(distDir)) {
    const url = `/${relative(distDir, path).split(sep).join('/')}`;
    if (url.startsWith('/.vite/')) continue;
    try {
      assets.set(url, loadAsset(path, url.startsWith('/assets/')));
    } catch (error) {
      // A build replacing the directory right now: that file is gone, the next start gets the new set.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const index = assets.get('/index.html');
  if (!index) return undefined;
  return { assets, index, inlineScriptHashes: inlineScriptHashes(index.body.toString('utf8')) };
}

/**
 * Serves the web app from memory: hashed files under /assets are cached for a year, everything else
 * revalidates, and any other non-/api path gets index.html so that client-side routes survive a reload.
 */
export function registerWebApp(fastify: FastifyInstance, { assets, index }: WebApp): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) throw new NotFoundException();
    const asset = assets.get(path);
    if (asset) return send(request, reply, asset);
    if (path.startsWith('/assets/')) throw new NotFoundException();
    return send(request, reply, index);
  };
  fastify.get('/', handler);
  fastify.get('/*', handler);
}
