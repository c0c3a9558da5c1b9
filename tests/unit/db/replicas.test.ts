// The read router's rules (db/replicas.server.ts, ADR 0033) with stand-in clients: a standby is read
// only in a marked request and only once it has replayed past the primary's WAL position after the
// last change; a standby that fails leaves the statement to the primary, logged once.
import type postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { createReadRouter, parseLsn, readingStandbys, readUrls } from '../../../db/replicas.server.js';

/** Like postgres.js's Query, a Promise of a class of its own: `await` goes through its `then`. */
class FakeQuery<T> extends Promise<T> {
  static override get [Symbol.species]() {
    return Promise;
  }
}
const answer = <T>(value: T) => new FakeQuery<T>((ok) => ok(value));
const failure = (e: unknown) => new FakeQuery<never>((_ok, fail) => fail(e));

/** A stand-in postgres.js client: answers the router's own questions, and says who answered the rest. */
function fakeSql(name: string, answers: { lsn: string; fail?: unknown }) {
  const seen: string[] = [];
  const sql = (strings: TemplateStringsArray) => {
    const text = strings.join('?');
    if (text.includes('pg_current_wal_lsn')) return answer([{ lsn: answers.lsn }]);
    if (text.includes('pg_last_wal_replay_lsn')) return answer([{ lsn: answers.lsn, recovering: true }]);
    seen.push(text);
    return answers.fail ? failure(answers.fail) : answer([{ from: name }]);
  };
  Object.assign(sql, { end: () => Promise.resolve() });
  return { sql: sql as unknown as postgres.Sql, seen, answers };
}

const settle = () => new Promise((r) => setTimeout(r, 30));

function router() {
  const primary = fakeSql('primary', { lsn: '0/100' });
  const standby = fakeSql('standby', { lsn: '0/100' });
  const lines: string[] = [];
  const r = createReadRouter({
    primary: primary.sql,
    standbys: [{ where: 'standby-a', sql: standby.sql }],
    isUnavailable: (e) => (e as { code?: string }).code === 'ECONNREFUSED',
    detached: (fn) => fn(),
    log: (line) => lines.push(line),
  });
  const read = async () => ((await r.sql`select 1`) as unknown as { from: string }[])[0].from;
  return { r, primary, standby, lines, read: () => readingStandbys(read), unmarked: read };
}

describe('parseLsn and readUrls', () => {
  it('orders WAL positions as numbers and splits the standby list', () => {
    expect(parseLsn('0/16B3748')! < parseLsn('1/0')!).toBe(true);
    expect(parseLsn('A/FF')).toBe((10n << 32n) + 255n);
    expect(parseLsn('nope')).toBeNull();
    expect(readUrls(' postgres://a/x, ,postgres://b/x ')).toEqual(['postgres://a/x', 'postgres://b/x']);
  });
});

describe('the read router', () => {
  it('reads the primary outside a marked request, and a standby only past the fence', async () => {
    const { r, primary, standby, read, unmarked } = router();
    expect(await unmarked()).toBe('primary');
    // The fence is unknown at first, then the standby's position: the primary meanwhile.
    expect(await read()).toBe('primary');
    await settle();
    expect(await read()).toBe('primary');
    await settle();
    expect(await read()).toBe('standby');
    expect(r.state()).toEqual({ fence: '0/100', standbys: [{ where: 'standby-a', replayed: '0/100', down: false }] });

    // A change moves the fence past the standby: the primary until the standby replays it.
    primary.answers.lsn = '0/200';
    r.changed();
    expect(await read()).toBe('primary');
    await settle();
    expect(await read()).toBe('primary');
    await settle();
    expect(await read()).toBe('primary');
    standby.answers.lsn = '0/200';
    await settle();
    expect(await read()).toBe('primary');
    await settle();
    expect(await read()).toBe('standby');
    expect(standby.seen.length).toBe(2);
  });

  it('sends a statement the standby fails to the primary, and logs the outage once', async () => {
    const { standby, lines, read } = router();
    await read();
    await settle();
    await read();
    await settle();
    standby.answers.fail = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(await read()).toBe('primary');
    expect(standby.seen.length).toBe(1);
    expect(await read()).toBe('primary');
    expect(standby.seen.length).toBe(1);
    expect(lines.filter((l) => l.includes('is not answering'))).toHaveLength(1);
  });

  it('keeps errors that are not the standby’s own', async () => {
    const { standby, read } = router();
    await read();
    await settle();
    await read();
    await settle();
    standby.answers.fail = Object.assign(new Error('syntax error'), { code: '42601' });
    await expect(read()).rejects.toThrow('syntax error');
  });
});
