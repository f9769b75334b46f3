/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Ranged repeat visitors read blocks of days (docs/api.md#analytics): `visitor_blocks` holds, for
 * each marked (repeat) row of visitor_days, its clicks summed over the aligned blocks of 2, 4, 8,
 * 16 and 32 days that hold its day (`start` a multiple of 2^level), so a range of whole days is a
 * few blocks per visitor instead of a row per visitor and day. Triggers on visitor_days keep it
 * equal to its marked rows, whoever writes them (the fold, the mark, a link's deletion): a row that
 * grows adds to its blocks; one that shrinks or goes has its blocks summed again from visitor_days.
 */
export default {
  version: 42,
  name: 'visitor blocks',
  sql: `
  CREATE TABLE visitor_blocks (
    level SMALLINT NOT NULL,
    start BIGINT NOT NULL,
    visitor TEXT NOT NULL,
    clicks BIGINT NOT NULL,
    last_clicked_at BIGINT NOT NULL,
    PRIMARY KEY (level, start, visitor) INCLUDE (clicks, last_clicked_at)
  );
  INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
    SELECT l.level, v.day - v.day % (1 << l.level), v.visitor, SUM(v.clicks), MAX(v.last_clicked_at)
    FROM visitor_days v CROSS JOIN generate_series(1, 5) AS l(level) WHERE v.repeats GROUP BY 1, 2, 3;

  CREATE FUNCTION visitor_blocks_add(who TEXT, on_day BIGINT, added BIGINT, latest BIGINT) RETURNS void
  LANGUAGE sql AS $$
    INSERT INTO visitor_blocks AS b (level, start, visitor, clicks, last_clicked_at)
      SELECT l.level, on_day - on_day % (1 << l.level), who, added, latest FROM generate_series(1, 5) AS l(level)
      ON CONFLICT (level, start, visitor) DO UPDATE SET clicks = b.clicks + excluded.clicks,
        last_clicked_at = GREATEST(b.last_clicked_at, excluded.last_clicked_at)
  $$;
  CREATE FUNCTION visitor_blocks_sum_again(who TEXT, on_day BIGINT) RETURNS void LANGUAGE sql AS $$
    DELETE FROM visitor_blocks WHERE visitor = who
      AND (level, start) IN (SELECT l.level, on_day - on_day % (1 << l.level) FROM generate_series(1, 5) AS l(level));
    INSERT INTO visitor_blocks (level, start, visitor, clicks, last_clicked_at)
      SELECT l.level, on_day - on_day % (1 << l.level), who, SUM(v.clicks), MAX(v.last_clicked_at)
      FROM generate_series(1, 5) AS l(level) JOIN visitor_days v ON v.visitor = who AND v.repeats
        AND v.day >= on_day - on_day % (1 << l.level) AND v.day < on_day - on_day % (1 << l.level) + (1 << l.level)
      GROUP BY l.level HAVING SUM(v.clicks) > 0;
  $$;
  CREATE FUNCTION visitor_days_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM visitor_blocks_add(NEW.visitor, NEW.day, NEW.clicks, NEW.last_clicked_at);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM visitor_blocks_sum_again(OLD.visitor, OLD.day);
    ELSIF NEW.repeats AND NEW.clicks >= OLD.clicks AND NEW.last_clicked_at >= OLD.last_clicked_at THEN
      IF NOT OLD.repeats THEN
        PERFORM visitor_blocks_add(NEW.visitor, NEW.day, NEW.clicks, NEW.last_clicked_at);
      ELSIF NEW.clicks > OLD.clicks OR NEW.last_clicked_at > OLD.last_clicked_at THEN
        PERFORM visitor_blocks_add(NEW.visitor, NEW.day, NEW.clicks - OLD.clicks, NEW.last_clicked_at);
      END IF;
    ELSE
      PERFORM visitor_blocks_sum_again(OLD.visitor, OLD.day);
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER visitor_days_blocks_insert AFTER INSERT ON visitor_days
    FOR EACH ROW WHEN (NEW.repeats) EXECUTE FUNCTION visitor_days_blocks();
  CREATE TRIGGER visitor_days_blocks_update AFTER UPDATE ON visitor_days
    FOR EACH ROW WHEN (OLD.repeats OR NEW.repeats) EXECUTE FUNCTION visitor_days_blocks();
  CREATE TRIGGER visitor_days_blocks_delete AFTER DELETE ON visitor_days
    FOR EACH ROW WHEN (OLD.repeats) EXECUTE FUNCTION visitor_days_blocks();
  `,
};
