/**
 * PostgreSQL migration 16. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A repair: migration 2 first shipped notifying the bare short code, then was edited in place to
 * send `<schema>/<short code>`, so databases created before that edit kept the old function and
 * every instance of theirs ignored link changes (linkChanges.ts wants the schema). This puts the
 * function every database has since been created with back on all of them.
 */
export default {
  version: 16,
  name: 'link change notifications carry the schema',
  sql: `
      CREATE OR REPLACE FUNCTION notify_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
    `,
};
