import { migrateService } from '@projectory/platform';
import { allServices } from './services.js';

/** `npm run migrate`: every service's migrations against DATABASE_URL (distributed mode). */
for (const entry of allServices) {
  try {
    const applied = await migrateService(entry);
    console.log(JSON.stringify({ service: entry.definition.name, applied }));
  } catch (error) {
    console.error(`migrations of ${entry.definition.name} failed:`, error);
    process.exit(1);
  }
}
