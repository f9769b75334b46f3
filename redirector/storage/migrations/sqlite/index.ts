/**
 * SQLite's migrations, in order (../../migration.ts says how they are applied). Each file is the
 * frozen text of one released version: never edit one, append a new file and list it here
 * (docs/api.md#migrations).
 */
import m001 from './001-users-sessions-links-clicks';
import m002 from './002-analytics-rollups';
import m003 from './003-analytics-visit-frequency';
import m004 from './004-analytics-repeat-visitor-index';
import m005 from './005-tags-disabled-users-list-indexes';
import m006 from './006-api-keys';
import m007 from './007-link-options';
import m008 from './008-visitor-identity';
import m009 from './009-analytics-by-day';
import m010 from './010-analytics-by-day-service-wide';
import m011 from './011-analytics-by-day-per-link-returns';
import m012 from './012-ranged-repeat-visitors';
import m013 from './013-ids-never-reused-on-the-first-release';
import m014 from './014-webhooks-and-stream-tickets';
import m015 from './015-custom-domains';
import m016 from './016-hubs';
import m017 from './017-link-expiry-events';
import m018 from './018-account-links-and-session-times';
import m019 from './019-previews-variants-link-health';
import m020 from './020-claims-block-nobody';
import m021 from './021-user-language';
import m022 from './022-stream-tickets-name-their-credential';
import m023 from './023-session-origins';
import m024 from './024-link-health-broken-told';
import m025 from './025-single-sign-on';
import m026 from './026-broker-outbox';
import m027 from './027-teams';
import m028 from './028-import-jobs';
import m029 from './029-links-under-control';
import m030 from './030-hub-items';
import m031 from './031-shared-stats-domain-fallbacks';
import m032 from './032-imported-clicks';
import m033 from './033-team-domains-and-hubs';
import m034 from './034-import-job-starter';
import m035 from './035-stream-tickets-name-their-team';
import m036 from './036-visitor-blocks';
import m037 from './037-links-archived-index';
import m038 from './038-click-message-ranges';
import m039 from './039-click-ids-never-reused';
import m040 from './040-import-lease-claims';

export const sqliteMigrations = [
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
];
