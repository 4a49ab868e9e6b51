// Container health check of the Projectory image (Docker HEALTHCHECK and docker-compose), with
// node's own fetch so the image needs no curl. Exit 0 when healthy, 1 otherwise.
//
//   SERVICE=gateway | all-in-one  ->  GET /api/health  (every service behind it must be up)
//   SERVICE=<a service name>      ->  GET /health      (the service and its database, bus, queue)
//   SERVICE=migrate               ->  healthy (a one-shot job has nothing to probe)
//   SERVICE unset (name passed as an argument) -> /api/health, then /health if that is a 404
// HEALTHCHECK_PATH overrides the path; PORT (default 3000) is the port the process listens on.
const service = process.env.SERVICE ?? '';
if (service === 'migrate') process.exit(0);

const port = process.env.PORT || '3000';
const paths = process.env.HEALTHCHECK_PATH
  ? [process.env.HEALTHCHECK_PATH]
  : service === 'gateway' || service === 'all-in-one'
    ? ['/api/health']
    : service
      ? ['/health']
      : ['/api/health', '/health'];

for (const [index, path] of paths.entries()) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      signal: AbortSignal.timeout(4000),
      headers: { accept: 'application/json' },
    });
    const body = await response.text();
    if (response.status === 404 && index < paths.length - 1) continue;
    if (response.ok) process.exit(0);
    console.error(`GET ${path} -> ${response.status} ${body.slice(0, 500)}`);
    process.exit(1);
  } catch (error) {
    console.error(`GET ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
process.exit(1);
