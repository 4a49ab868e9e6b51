// s3rver for the FileStore contract suite, in a process of its own so that the suite's memory
// figures count the S3 driver and not the fake server (in the Jest process s3rver itself held
// another 5-10 MB during a 50 MiB upload). Usage: node s3rver-server.mjs <directory> <bucket>;
// reports `{ port }` over IPC and stops when its parent disconnects.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send({ port });
process.once('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
