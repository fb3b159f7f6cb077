// Runs s3rver in a process of its own (support/s3-server.ts), so the tests measure only their own
// memory: s3rver holds each received part in memory while it stores it.
import S3rver from 's3rver';

const [directory = '', bucket = 'igs-test'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = (await server.run()) as { port: number };
process.send?.({ port });
process.on('message', async (m) => {
  if (m === 'close') {
    await server.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
