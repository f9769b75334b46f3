/**
 * PostgreSQL migration 2. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Every instance keeps links in memory for the redirect path (links/linkCache.ts), misses
 * included: whoever writes a link, every listening instance hears `<schema>/<short code>` once
 * the transaction commits (linkChanges.ts) and drops it from its cache. Channels are
 * database-wide, hence the schema: deployments in other schemas ignore it.
 */
export default {
  version: 2,
  name: 'link change notifications',
  sql: `
      CREATE FUNCTION notify_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('link_changes', TG_TABLE_SCHEMA || '/' || OLD.short_code);
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.short_code IS DISTINCT FROM OLD.short_code) THEN
          PERFORM pg_notify('link_changes', TG_TABLE_SCHEMA || '/' || NEW.short_code);
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER links_notify_change AFTER INSERT OR UPDATE OR DELETE ON links
        FOR EACH ROW EXECUTE FUNCTION notify_link_change();
    `,
};
