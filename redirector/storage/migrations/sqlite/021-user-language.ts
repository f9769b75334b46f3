/**
 * SQLite migration 21. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Each account's last language (docs/api.md#languages): the one its sign-ins and account calls
 * were made in, a catalogue's code (`en`, `es`); null until one is known. Mails that no request of
 * the account's own causes (an invitation the administrator sends) are written in it.
 */
export default {
  version: 21,
  name: 'user language',
  sql: `
  ALTER TABLE users ADD COLUMN language TEXT;
  `,
};
