/** The names `me backup` and `me restore` give the files they write beside the ones given. */

/** The visitor key's copy is `<backup file>` followed by this. */
export const BACKUP_KEY_SUFFIX = '.visitor-key';

/** The database a restore replaces is kept as `me.sqlite` followed by this. */
export const REPLACED_SUFFIX = '.before-restore';
