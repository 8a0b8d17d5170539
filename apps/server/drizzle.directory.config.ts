import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/directory-schema.ts',
  out: './drizzle/directory',
});
