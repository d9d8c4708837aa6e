// Step 19 (issues 32/33): when each pending flag of a cache was last RAISED, set by every raise even when the flag
// is already up. A check-in that says when its pass read update_status lowers a flag only when that read came
// after the flag's last raise, so a purge or a queue entered during a pass is not lost. A flag pending before this
// step counts as raised when it went up.

export const SQLITE_19 = `
  ALTER TABLE servers ADD COLUMN upd_raised_at INTEGER;
  ALTER TABLE servers ADD COLUMN reval_raised_at INTEGER;
  UPDATE servers SET upd_raised_at = upd_pending_since WHERE upd_pending = 1;
  UPDATE servers SET reval_raised_at = reval_pending_since WHERE reval_pending = 1;
`;

export const POSTGRES_19 = `
  ALTER TABLE servers ADD COLUMN upd_raised_at bigint;
  ALTER TABLE servers ADD COLUMN reval_raised_at bigint;
  UPDATE servers SET upd_raised_at = upd_pending_since WHERE upd_pending = 1;
  UPDATE servers SET reval_raised_at = reval_pending_since WHERE reval_pending = 1;
`;
