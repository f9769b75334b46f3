/**
 * PostgreSQL's migrations, in order (../../migration.ts says how they are applied; postgres/migrate.ts
 * does it, one instance at a time). Each file is the frozen text of one released version: never
 * edit one, append a new file and list it here (docs/api.md#migrations).
 *
 * The same tables as SQLite's, with PostgreSQL types: BIGINT epoch milliseconds, BOOLEAN flags,
 * identity ids (a sequence never hands out an id twice). Unique constraints are named
 * `<table>_<column>_key`: the executor maps a violation to its column by that name.
 */
import m001 from './001-users-sessions-links-clicks';
import m002 from './002-link-change-notifications';
import m003 from './003-tags-disabled-users-list-indexes';
import m004 from './004-api-keys';
import m005 from './005-analytics-rollups';
import m006 from './006-shared-attempt-limits';
import m007 from './007-link-options';
import m008 from './008-visitor-identity-shared-secrets';
import m009 from './009-analytics-by-day';
import m010 from './010-analytics-by-day-service-wide';
import m011 from './011-click-export-and-ranged-visitor-indexes';
import m012 from './012-service-wide-returning-visitors';
import m013 from './013-analytics-by-day-per-link-returns';
import m014 from './014-links-counted-for-the-list-total';
import m015 from './015-ranged-repeat-visitors';
import m016 from './016-link-change-notifications-carry-the-schema';
import m017 from './017-webhooks-and-stream-tickets';
import m018 from './018-click-batch-marks';
import m019 from './019-custom-domains';
import m020 from './020-hubs';
import m021 from './021-link-expiry-events';
import m022 from './022-account-links-and-session-times';
import m023 from './023-previews-variants-link-health';
import m024 from './024-settle-attempt-lock-order';
import m025 from './025-claims-block-nobody';
import m026 from './026-user-language';
import m027 from './027-stream-tickets-name-their-credential';
import m028 from './028-session-origins';
import m029 from './029-link-health-broken-told';
import m030 from './030-single-sign-on';
import m031 from './031-broker-outbox';
import m032 from './032-teams';
import m033 from './033-import-jobs';
import m034 from './034-links-under-control';
import m035 from './035-hub-items';
import m036 from './036-shared-stats-domain-fallbacks';
import m037 from './037-imported-clicks';
import m038 from './038-team-domains-and-hubs';
import m039 from './039-import-job-starter';
import m040 from './040-stream-tickets-name-their-team';
import m041 from './041-monthly-click-partitions';
import m042 from './042-visitor-blocks';
import m043 from './043-click-message-ranges';
import m044 from './044-import-lease-claims';

export const postgresMigrations = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
  m028,
  m029,
  m030,
  m031,
  m032,
  m033,
  m034,
  m035,
  m036,
  m037,
  m038,
  m039,
  m040,
  m041,
  m042,
  m043,
  m044,
];

/**
 * Versions a release applied under another number. Migration 15 shipped for a while as 14, before
 * 14 went to the links count: a database of that time records 14 as 'ranged repeat visitors', and
 * the runner moves that record to 15 before looking for pending versions, so that it applies 14
 * and never 15 twice.
 */
export const postgresRenumbered = [{ name: 'ranged repeat visitors', from: 14, to: 15 }];
