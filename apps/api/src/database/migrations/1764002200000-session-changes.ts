import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every write that changes what a signed-in request's check reads (UsersRepository.findForToken) tells the API's
 * replicas, on `sessions_changed` at its commit, so each may keep the check's answers in memory (SessionCache,
 * docs/security.md, "Sessions kept in memory"):
 *   - `user:<id>`: the account's name, e-mail address, role, staff role or session version changed, or the account
 *     was deleted; its two-factor sign-in was switched on or off;
 *   - `token:<jti>`: a token was signed out (or a single-use one spent);
 *   - `all`: the users table was emptied (TRUNCATE: tests, a restore).
 * Other writes to these tables (an address, a password hash alone, a code's time step) leave the check's answer as it
 * was and say nothing: a password change moves the session version, which does.
 */
export class SessionChanges1764002200000 implements MigrationInterface {
  name = 'SessionChanges1764002200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('sessions_changed', 'all');
        ELSIF TG_TABLE_NAME = 'revoked_tokens' THEN
          PERFORM pg_notify('sessions_changed', 'token:' || NEW.jti);
        ELSIF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('sessions_changed', 'user:' || OLD.id);
        ELSE
          PERFORM pg_notify('sessions_changed', 'user:' || COALESCE(NEW.user_id, OLD.user_id));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER users_session_changed AFTER UPDATE ON users FOR EACH ROW
      WHEN ((OLD.name, OLD.email, OLD.role, OLD.staff_role, OLD.session_version)
            IS DISTINCT FROM (NEW.name, NEW.email, NEW.role, NEW.staff_role, NEW.session_version))
      EXECUTE FUNCTION sessions_notify()`);
    await q.query(`CREATE TRIGGER users_session_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION sessions_notify()`);
    await q.query(`CREATE TRIGGER users_sessions_emptied AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify()`);
    await q.query(
      `CREATE TRIGGER revoked_tokens_session_changed AFTER INSERT ON revoked_tokens FOR EACH ROW EXECUTE FUNCTION sessions_notify()`,
    );
    await q.query(`CREATE TRIGGER user_two_factor_session_changed AFTER UPDATE ON user_two_factor FOR EACH ROW
      WHEN ((OLD.enabled_at IS NULL) IS DISTINCT FROM (NEW.enabled_at IS NULL)) EXECUTE FUNCTION sessions_notify()`);
    await q.query(`CREATE TRIGGER user_two_factor_session_added AFTER INSERT ON user_two_factor FOR EACH ROW
      WHEN (NEW.enabled_at IS NOT NULL) EXECUTE FUNCTION sessions_notify()`);
    await q.query(`CREATE TRIGGER user_two_factor_session_removed AFTER DELETE ON user_two_factor FOR EACH ROW
      WHEN (OLD.enabled_at IS NOT NULL) EXECUTE FUNCTION sessions_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER user_two_factor_session_removed ON user_two_factor`);
    await q.query(`DROP TRIGGER user_two_factor_session_added ON user_two_factor`);
    await q.query(`DROP TRIGGER user_two_factor_session_changed ON user_two_factor`);
    await q.query(`DROP TRIGGER revoked_tokens_session_changed ON revoked_tokens`);
    await q.query(`DROP TRIGGER users_sessions_emptied ON users`);
    await q.query(`DROP TRIGGER users_session_deleted ON users`);
    await q.query(`DROP TRIGGER users_session_changed ON users`);
    await q.query(`DROP FUNCTION sessions_notify()`);
  }
}
