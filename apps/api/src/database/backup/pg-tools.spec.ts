import { chooseTool, type PgTool, withoutPassword } from './pg-tools.js';

const tool = (major: number, dir: string): PgTool => ({ name: 'pg_dump', path: `${dir}/pg_dump`, major, version: `${major}.2` });

describe('chooseTool', () => {
  it('takes the oldest copy that is at least the version needed (the closest match to the server)', () => {
    const found = [tool(18, '/usr/lib/postgresql/18/bin'), tool(15, '/usr/bin'), tool(17, '/opt/pg17/bin')];
    expect(chooseTool('pg_dump', found, 16, 'the server is PostgreSQL 16.4').tool?.path).toBe('/opt/pg17/bin/pg_dump');
    expect(chooseTool('pg_dump', found, 15, 'the server is PostgreSQL 15.20').tool?.major).toBe(15);
  });

  it('names what it found and how to get the right version when every copy is older', () => {
    const { tool: chosen, problem } = chooseTool('pg_dump', [tool(15, '/usr/bin')], 18, 'the server is PostgreSQL 18.1');
    expect(chosen).toBeUndefined();
    expect(problem).toBe(
      'pg_dump 18 or newer is needed (the server is PostgreSQL 18.1); found only 15.2 (/usr/bin/pg_dump). Install the PostgreSQL 18 ' +
        'client tools (Debian/Ubuntu: postgresql-client-18 from the PostgreSQL apt repository; macOS: brew install libpq) and set ' +
        'PG_BIN_DIR to the folder holding pg_dump if it is not on the PATH.',
    );
    expect(chooseTool('pg_dump', [], 15, 'x').problem).toContain('found none on this machine');
  });
});

describe('withoutPassword', () => {
  it('keeps the password off the command line (ps shows arguments to every user of the host)', () => {
    expect(withoutPassword('postgres://store:s%40cret@db:5432/store?sslmode=require')).toEqual({
      url: 'postgres://store@db:5432/store?sslmode=require',
      password: 's@cret',
    });
    expect(withoutPassword('postgres://postgres@127.0.0.1/x').password).toBeUndefined();
  });
});
