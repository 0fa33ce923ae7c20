import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@vastra/contracts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { upsertAdmin } from './service.ts';

/** `npm run admin:create -- --email a@b.c --password secret123 [--name "Full Name"]` */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const email = emailSchema.safeParse(values.email);
const password = passwordSchema.safeParse(values.password);
if (!email.success || !password.success) {
  console.error(
    'Usage: npm run admin:create -- --email <email> --password <at least 8 characters> [--name <name>]',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
await migrateDatabase(database);
const admin = await upsertAdmin(database.db, email.data, password.data, values.name ?? 'Administrator');
console.log(`Admin ready: ${admin.email}`);
await database.close();
