/**
 * PostgreSQL migration 28. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Where each session was signed in from (docs/api.md#the-account-of-the-signed-in-user): the
 * browser's user agent and the approximate place (country, city) of its address at sign-in, so
 * the session list can name the browser, system and place. The address itself is not kept.
 * Sessions from before have none of them.
 */
export default {
  version: 28,
  name: 'session origins',
  sql: `
  ALTER TABLE sessions ADD COLUMN user_agent TEXT;
  ALTER TABLE sessions ADD COLUMN country TEXT;
  ALTER TABLE sessions ADD COLUMN city TEXT;
`,
};
