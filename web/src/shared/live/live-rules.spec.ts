// The web's live updates follow the server's announcements (docs/web-anatomy.md "Live updates"): no
// timer guesses how long a read model takes to catch up, no loop asks until it has, and the
// reconnect-and-resync block lives once, in this folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const src = fileURLToPath(new URL('../..', import.meta.url));
const live = fileURLToPath(new URL('.', import.meta.url));

/** Every source file of the web outside this folder, with its text. */
const files = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.spec.ts'))
  .map((file) => join(src, file))
  .filter((path) => !path.startsWith(live))
  .map((path) => ({ file: relative(src, path), text: readFileSync(path, 'utf8') }));

/** The places that react to the connection itself rather than resyncing data. */
const CONNECTION_WATCHERS = new Set([
  'use-socket-reconnecting.ts', // the shell's "reconnecting" status
  'use-outbox.ts', // messages typed while offline are sent when the socket is back
]);

describe('live updates', () => {
  it('leaves no read-model lag timer or retry loop in the web', () => {
    const offenders = files.filter(
      ({ text }) => /\b[A-Z_]*LAG[A-Z_]*_MS\b/.test(text) || /for \(let attempt\b[\s\S]{0,400}forceRefetch/.test(text),
    );
    expect(offenders.map(({ file }) => file)).toEqual([]);
  });

  it("resyncs after a reconnection only through shared/live (no other listener for the socket's connect)", () => {
    const offenders = files.filter(
      ({ file, text }) => /socket\.on\(\s*'connect'/.test(text) && !CONNECTION_WATCHERS.has(file.split('/').at(-1)!),
    );
    expect(offenders.map(({ file }) => file)).toEqual([]);
  });
});
