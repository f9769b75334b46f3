/**
 * PostgreSQL migration 19. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Custom domains (docs/api.md#custom-domains): a domain's state beside the user who claims it
 * (users.custom_domain names it), pending with a new token for a domain claimed before; each link's
 * domain (null: the default domain), a short code unique within its domain by one index over
 * (domain or '', code) that keeps the name links_short_code_key (the executor maps a violation to
 * short_code by it), and (user_id, short_code) to find an owner's code on the other domain. Every
 * instance keeps the verified domains in memory: a claim, a change of state or the user's deletion
 * is heard as '<schema>' on domain_changes (postgres/linkChanges.ts).
 */
export default {
  version: 19,
  name: 'custom domains',
  sql: `
  ALTER TABLE users ADD COLUMN domain_status TEXT;
  ALTER TABLE users ADD COLUMN domain_token TEXT;
  ALTER TABLE users ADD COLUMN domain_checked_at BIGINT;
  ALTER TABLE users ADD COLUMN domain_verified_at BIGINT;
  ALTER TABLE users ADD COLUMN domain_error TEXT;
  ALTER TABLE users ADD COLUMN domain_created_at BIGINT;

  UPDATE users SET domain_status = 'pending', domain_token = md5(random()::text || clock_timestamp()::text),
    domain_created_at = (extract(epoch FROM clock_timestamp()) * 1000)::bigint
  WHERE custom_domain IS NOT NULL;
  ALTER TABLE links ADD COLUMN domain TEXT;
  ALTER TABLE links DROP CONSTRAINT links_short_code_key;

  CREATE UNIQUE INDEX links_short_code_key ON links ((COALESCE(domain, '')), short_code);
  CREATE INDEX links_user_code ON links(user_id, short_code);

  CREATE FUNCTION notify_domain_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('domain_changes', TG_TABLE_SCHEMA);
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER users_notify_domain AFTER UPDATE OF custom_domain, domain_status ON users
    FOR EACH ROW WHEN (NEW.custom_domain IS DISTINCT FROM OLD.custom_domain
                       OR NEW.domain_status IS DISTINCT FROM OLD.domain_status)
    EXECUTE FUNCTION notify_domain_change();
  CREATE TRIGGER users_notify_domain_deleted AFTER DELETE ON users
    FOR EACH ROW WHEN (OLD.custom_domain IS NOT NULL) EXECUTE FUNCTION notify_domain_change();
`,
};
