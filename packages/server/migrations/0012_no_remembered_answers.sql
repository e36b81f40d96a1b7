-- Nothing remembers answers any more (issue 21): every request reads what it shows with a few indexed
-- queries. The versions of 0007 and the notifications of 0008 served only the remembered answers and the
-- access check's cache; they cost every write a row lock at commit and a notifying commit takes a
-- cluster-wide lock, so every write of every process committed one at a time. Both go, with their
-- triggers, functions and table. The running ledger (0002, 0004) and the stored settle-up plan (0006)
-- stay: they are what makes reads independent of history and what keeps a plan steady while it is paid.

-- 0008: notifications at commit.
DROP TRIGGER scope_versions_access_change ON scope_versions;
DROP TRIGGER scope_versions_access_truncate ON scope_versions;
DROP TRIGGER users_access_change ON users;
DROP TRIGGER users_access_truncate ON users;
DROP TRIGGER groups_access_truncate ON groups;
DROP TRIGGER group_members_access_truncate ON group_members;
DROP TRIGGER member_balances_access_truncate ON member_balances;
DROP FUNCTION note_version_change();
DROP FUNCTION note_user_change();
DROP FUNCTION note_truncate();

-- 0007: a version per scope, drawn at the commit of every write.
DROP TRIGGER groups_scope_version ON groups;
DROP TRIGGER group_members_scope_version ON group_members;
DROP TRIGGER expenses_scope_version ON expenses;
DROP TRIGGER expense_splits_scope_version ON expense_splits;
DROP TRIGGER settlements_scope_version ON settlements;
DROP TRIGGER settlement_events_scope_version ON settlement_events;
DROP TRIGGER member_balances_scope_version ON member_balances;
DROP TRIGGER pair_balances_scope_version ON pair_balances;
DROP TRIGGER scope_expense_stats_scope_version ON scope_expense_stats;
DROP TRIGGER settle_plans_scope_version ON settle_plans;
DROP TRIGGER users_scope_version ON users;
DROP TRIGGER app_settings_scope_version ON app_settings;
DROP FUNCTION note_scope_change();
DROP FUNCTION draw_scope_version(uuid);
DROP TABLE scope_versions;
