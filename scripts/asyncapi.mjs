// `npm run events:asyncapi`: writes docs/events/asyncapi.yaml from the zod contracts in libs/contracts
// (compiled first by the npm script). libs/contracts/src/asyncapi.spec.ts fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'libs', 'contracts', 'src');
const dist = join(root, 'libs', 'contracts', 'dist');
const { ASYNCAPI_PATH, collectEvents, renderAsyncApi } = await import(pathToFileURL(join(dist, 'asyncapi.js')).href);

const events = await collectEvents(src, (file) => import(pathToFileURL(join(dist, file.replace(/\.ts$/, '.js'))).href));
const path = join(root, ASYNCAPI_PATH);
// In the repository's style, so that `prettier --check .` passes; the spec formats the same way.
writeFileSync(path, await format(renderAsyncApi(events), { ...(await resolveConfig(path)), filepath: path }));
console.log(`${ASYNCAPI_PATH}: ${events.length} event types`);
