/**
 * SQLite migration 13. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A repair, run only where `onlyIf` finds something: migration 1 first shipped with users and
 * links whose ids SQLite may hand out again once the highest is deleted, then was edited in place
 * to AUTOINCREMENT. SQLite cannot alter that, so a database of that first release gets both tables
 * made again as every later database has them (the column definitions of migrations 1, 5 and 7,
 * their indexes and the triggers of migrations 4 and 12), every row copied across; foreign keys
 * are off while migrations run (../../sqlite/database.ts).
 */
export default {
  version: 13,
  name: 'ids never reused on the first release',
  onlyIf: `SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'users' AND sql NOT LIKE '%AUTOINCREMENT%'`,
  sql: `
      CREATE TEMP TABLE users_copy AS SELECT * FROM users;
      CREATE TEMP TABLE links_copy AS SELECT * FROM links;
      DROP TABLE links;
      DROP TABLE users;
      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        custom_domain TEXT UNIQUE,
        created_at INTEGER NOT NULL
      );
      ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT false;
      CREATE TABLE links (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
        title TEXT NOT NULL DEFAULT '',
        target_url TEXT NOT NULL,
        short_code TEXT NOT NULL UNIQUE,
        enable_tiktok_bypass INTEGER NOT NULL DEFAULT 0,
        enable_country_redirect INTEGER NOT NULL DEFAULT 0,
        country_redirect_url TEXT,
        enable_instagram_exit INTEGER NOT NULL DEFAULT 0,
        instagram_exit_url TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX links_user ON links(user_id, created_at);
      CREATE INDEX links_created ON links(created_at, id);
      CREATE INDEX links_title ON links(title, id);
  ALTER TABLE links ADD COLUMN forward_query BOOLEAN NOT NULL DEFAULT true;
  ALTER TABLE links ADD COLUMN expires_at BIGINT;
  ALTER TABLE links ADD COLUMN max_clicks INTEGER;
  ALTER TABLE links ADD COLUMN expired_url TEXT;
  ALTER TABLE links ADD COLUMN password_hash TEXT;
  ALTER TABLE links ADD COLUMN ios_url TEXT;
  ALTER TABLE links ADD COLUMN android_url TEXT;
  ALTER TABLE links ADD COLUMN geo_targets TEXT NOT NULL DEFAULT '{}';
      INSERT INTO users SELECT * FROM users_copy;
      INSERT INTO links SELECT * FROM links_copy;
      DROP TABLE users_copy;
      DROP TABLE links_copy;
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
