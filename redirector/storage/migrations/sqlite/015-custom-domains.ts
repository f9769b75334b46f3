/**
 * SQLite migration 15. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Custom domains (docs/api.md#custom-domains): a domain's state beside the user who claims it
 * (users.custom_domain names it), pending with a new token for a domain claimed before; each link's
 * domain (null: the default domain), a short code unique within its domain by one index over
 * (domain or '', code), named as the executor maps a violation to short_code, and (user_id,
 * short_code) to find an owner's code on the other domain. `short_code UNIQUE` is part of the links
 * table's own definition, which no ALTER can drop: the table is made again as migrations 1, 5 and 7
 * left it (foreign keys are off while migrations run, ../../sqlite/database.ts), its indexes and the
 * delete triggers of migrations 4 and 12 written again, and its id sequence kept, so that a link id
 * is still never reused.
 */
export default {
  version: 15,
  name: 'custom domains',
  sql: `
  ALTER TABLE users ADD COLUMN domain_status TEXT;
  ALTER TABLE users ADD COLUMN domain_token TEXT;
  ALTER TABLE users ADD COLUMN domain_checked_at INTEGER;
  ALTER TABLE users ADD COLUMN domain_verified_at INTEGER;
  ALTER TABLE users ADD COLUMN domain_error TEXT;
  ALTER TABLE users ADD COLUMN domain_created_at INTEGER;

  UPDATE users SET domain_status = 'pending', domain_token = lower(hex(randomblob(16))),
    domain_created_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE custom_domain IS NOT NULL;
  INSERT INTO sqlite_sequence (name, seq) SELECT 'links_new', seq FROM sqlite_sequence WHERE name = 'links';
  CREATE TABLE links_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL DEFAULT '',
    target_url TEXT NOT NULL,
    short_code TEXT NOT NULL,
    enable_tiktok_bypass INTEGER NOT NULL DEFAULT 0,
    enable_country_redirect INTEGER NOT NULL DEFAULT 0,
    country_redirect_url TEXT,
    enable_instagram_exit INTEGER NOT NULL DEFAULT 0,
    instagram_exit_url TEXT,
    created_at INTEGER NOT NULL,
    forward_query BOOLEAN NOT NULL DEFAULT true,
    expires_at BIGINT,
    max_clicks INTEGER,
    expired_url TEXT,
    password_hash TEXT,
    ios_url TEXT,
    android_url TEXT,
    geo_targets TEXT NOT NULL DEFAULT '{}',
    domain TEXT
  );
  INSERT INTO links_new (id, user_id, title, target_url, short_code, enable_tiktok_bypass,
    enable_country_redirect, country_redirect_url, enable_instagram_exit, instagram_exit_url,
    created_at, forward_query, expires_at, max_clicks, expired_url, password_hash, ios_url,
    android_url, geo_targets)
  SELECT id, user_id, title, target_url, short_code, enable_tiktok_bypass, enable_country_redirect,
    country_redirect_url, enable_instagram_exit, instagram_exit_url, created_at, forward_query,
    expires_at, max_clicks, expired_url, password_hash, ios_url, android_url, geo_targets FROM links;
  DROP TABLE links;
  ALTER TABLE links_new RENAME TO links;
  CREATE INDEX links_user ON links(user_id, created_at);
  CREATE INDEX links_created ON links(created_at, id);
  CREATE INDEX links_title ON links(title, id);

  CREATE UNIQUE INDEX links_short_code_key ON links ((COALESCE(domain, '')), short_code);
  CREATE INDEX links_user_code ON links(user_id, short_code);

  CREATE TRIGGER links_delete_analytics BEFORE DELETE ON links BEGIN
      INSERT INTO visit_frequency (visits, visitors)
      SELECT visits, SUM(change) FROM (
        SELECT v.clicks AS visits, -1 AS change
        FROM visitors v JOIN (SELECT ip_address, SUM(clicks) AS n FROM link_visitors WHERE link_id = OLD.id
                              GROUP BY ip_address) gone ON gone.ip_address = v.ip_address
        UNION ALL
        SELECT v.clicks - gone.n AS visits, 1 AS change
        FROM visitors v JOIN (SELECT ip_address, SUM(clicks) AS n FROM link_visitors WHERE link_id = OLD.id
                              GROUP BY ip_address) gone ON gone.ip_address = v.ip_address
        WHERE v.clicks > gone.n
      ) WHERE true GROUP BY visits
      ON CONFLICT (visits) DO UPDATE SET visitors = visitors + excluded.visitors;
      DELETE FROM visit_frequency WHERE visitors <= 0;
      UPDATE visitors SET
        clicks = clicks - (SELECT SUM(lv.clicks) FROM link_visitors lv
                           WHERE lv.link_id = OLD.id AND lv.ip_address = visitors.ip_address),
        last_clicked_at = COALESCE((SELECT MAX(lv.last_clicked_at) FROM link_visitors lv
                                    WHERE lv.ip_address = visitors.ip_address AND lv.link_id <> OLD.id),
                                   last_clicked_at)
      WHERE ip_address IN (SELECT ip_address FROM link_visitors WHERE link_id = OLD.id);
      DELETE FROM visitors
      WHERE clicks <= 0 AND ip_address IN (SELECT ip_address FROM link_visitors WHERE link_id = OLD.id);
      UPDATE analytics_fold SET folded_click_id = MIN(folded_click_id, COALESCE(
        (SELECT id FROM clicks WHERE link_id <> OLD.id ORDER BY id DESC LIMIT 1), 0));
    END;

  CREATE TRIGGER links_delete_service_days BEFORE DELETE ON links BEGIN
      UPDATE day_dimensions SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_dimensions d WHERE d.link_id = OLD.id
         AND d.day = day_dimensions.day AND d.dimension = day_dimensions.dimension AND d.value = day_dimensions.value)
       WHERE (day, dimension, value) IN (SELECT day, dimension, value FROM link_day_dimensions WHERE link_id = OLD.id);
  DELETE FROM day_dimensions WHERE clicks <= 0;
  INSERT INTO day_returns (day, previous_day, visitors)
      SELECT day, previous_day, SUM(change) FROM (SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
          AS previous_day, -1 AS change
        FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (SELECT s.visitor, s.day FROM (SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = OLD.id GROUP BY visitor, day) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
               WHERE v.clicks <= s.clicks) x) UNION ALL SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
          AS previous_day, 1 AS change
        FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (SELECT s.visitor, s.day FROM (SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = OLD.id GROUP BY visitor, day) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
               WHERE v.clicks <= s.clicks) x) AND NOT EXISTS (SELECT 1 FROM (SELECT s.visitor, s.day FROM (SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = OLD.id GROUP BY visitor, day) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
               WHERE v.clicks <= s.clicks) x WHERE x.visitor = v.visitor AND x.day = v.day)) m
      WHERE true GROUP BY day, previous_day HAVING SUM(change) <> 0
      ON CONFLICT (day, previous_day) DO UPDATE SET visitors = day_returns.visitors + excluded.visitors;
  DELETE FROM day_returns WHERE visitors <= 0;
  UPDATE visitor_days SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_visitors d WHERE d.link_id = OLD.id
         AND d.visitor = visitor_days.visitor AND d.day = visitor_days.day), last_clicked_at = COALESCE((SELECT MAX(d.last_clicked_at) FROM link_visitors lv JOIN link_day_visitors d
         ON d.link_id = lv.link_id AND d.day = visitor_days.day AND d.visitor = visitor_days.visitor
        WHERE lv.ip_address = visitor_days.visitor AND lv.link_id <> OLD.id), last_clicked_at)
       WHERE (visitor, day) IN (SELECT visitor, day FROM link_day_visitors WHERE link_id = OLD.id);
  DELETE FROM visitor_days WHERE clicks <= 0
         AND visitor IN (SELECT visitor FROM link_day_visitors WHERE link_id = OLD.id);
    END;
`,
};
