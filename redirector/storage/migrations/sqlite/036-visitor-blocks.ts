/**
 * SQLite migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Ranged repeat visitors read blocks of days (docs/api.md#analytics): `visitor_blocks` holds, for
 * each marked (repeat) row of visitor_days, its clicks summed over the aligned blocks of 2, 4, 8,
 * 16 and 32 days that hold its day (`start` a multiple of 2^level), so a range of whole days is a
 * few blocks per visitor instead of a row per visitor and day. Triggers on visitor_days keep it
 * equal to its marked rows, whoever writes them (the fold, the mark, a link's deletion): a row that
 * grows adds to its blocks; one that shrinks or goes has its blocks summed again from visitor_days.
 */
export default {
  version: 36,
  name: 'visitor blocks',
  sql: `
  CREATE TABLE visitor_blocks (
    level INTEGER NOT NULL,
    start INTEGER NOT NULL,
    visitor TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    last_clicked_at INTEGER NOT NULL,
    PRIMARY KEY (level, start, visitor)
  ) WITHOUT ROWID;
  CREATE TABLE visitor_block_levels (level INTEGER PRIMARY KEY, span INTEGER NOT NULL);
  INSERT INTO visitor_block_levels (level, span) VALUES (1, 2), (2, 4), (3, 8), (4, 16), (5, 32);
  INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
    SELECT l.level, v.day - v.day % l.span, v.visitor, SUM(v.clicks), MAX(v.last_clicked_at)
    FROM visitor_days v CROSS JOIN visitor_block_levels l WHERE v.repeats GROUP BY 1, 2, 3;

  CREATE TRIGGER visitor_days_blocks_insert AFTER INSERT ON visitor_days WHEN NEW.repeats BEGIN
    INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
      SELECT l.level, NEW.day - NEW.day % l.span, NEW.visitor, NEW.clicks, NEW.last_clicked_at FROM visitor_block_levels l WHERE true
      ON CONFLICT (level, start, visitor) DO UPDATE SET clicks = clicks + excluded.clicks,
        last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at);
  END;
  CREATE TRIGGER visitor_days_blocks_grow AFTER UPDATE ON visitor_days
  WHEN NEW.repeats AND NEW.clicks >= OLD.clicks AND NEW.last_clicked_at >= OLD.last_clicked_at
    AND (NOT OLD.repeats OR NEW.clicks > OLD.clicks OR NEW.last_clicked_at > OLD.last_clicked_at) BEGIN
    INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
      SELECT l.level, NEW.day - NEW.day % l.span, NEW.visitor, NEW.clicks - CASE WHEN OLD.repeats THEN OLD.clicks ELSE 0 END,
        NEW.last_clicked_at FROM visitor_block_levels l WHERE true
      ON CONFLICT (level, start, visitor) DO UPDATE SET clicks = clicks + excluded.clicks,
        last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at);
  END;
  CREATE TRIGGER visitor_days_blocks_shrink AFTER UPDATE ON visitor_days
  WHEN (OLD.repeats OR NEW.repeats)
    AND NOT (NEW.repeats AND NEW.clicks >= OLD.clicks AND NEW.last_clicked_at >= OLD.last_clicked_at) BEGIN
    DELETE FROM visitor_blocks WHERE visitor = OLD.visitor
      AND (level, start) IN (SELECT level, OLD.day - OLD.day % span FROM visitor_block_levels);
    INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
      SELECT l.level, OLD.day - OLD.day % l.span, OLD.visitor, SUM(v.clicks), MAX(v.last_clicked_at)
      FROM visitor_block_levels l JOIN visitor_days v ON v.visitor = OLD.visitor AND v.repeats
        AND v.day >= OLD.day - OLD.day % l.span AND v.day < OLD.day - OLD.day % l.span + l.span
      GROUP BY l.level HAVING SUM(v.clicks) > 0;
  END;
  CREATE TRIGGER visitor_days_blocks_delete AFTER DELETE ON visitor_days WHEN OLD.repeats BEGIN
    DELETE FROM visitor_blocks WHERE visitor = OLD.visitor
      AND (level, start) IN (SELECT level, OLD.day - OLD.day % span FROM visitor_block_levels);
    INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
      SELECT l.level, OLD.day - OLD.day % l.span, OLD.visitor, SUM(v.clicks), MAX(v.last_clicked_at)
      FROM visitor_block_levels l JOIN visitor_days v ON v.visitor = OLD.visitor AND v.repeats
        AND v.day >= OLD.day - OLD.day % l.span AND v.day < OLD.day - OLD.day % l.span + l.span
      GROUP BY l.level HAVING SUM(v.clicks) > 0;
  END;
  `,
};
