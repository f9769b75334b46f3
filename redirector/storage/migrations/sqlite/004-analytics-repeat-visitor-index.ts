/** SQLite migration 4. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 4,
  name: 'analytics repeat-visitor index',
  sql: `
  DROP INDEX visitors_clicks;
  CREATE INDEX visitors_repeat ON visitors(clicks, last_clicked_at) WHERE clicks >= 2;

  DROP TRIGGER links_delete_analytics;
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
`,
};
