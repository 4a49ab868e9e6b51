import { ConfigValidationError } from '@projectory/platform';
import { createGatewayApp } from './create-gateway-app.js';

/** The gateway alone (distributed mode): `node gateway/dist/main.js`. */
try {
  const { app, config } = await createGatewayApp();
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.listen(config.PORT, config.HOST);
} catch (error) {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exitCode = 1;
}
