import { describe, expect, test } from 'bun:test';
import { databaseUnavailable } from '@db/database-unavailable.ts';
import { databaseOutageLog } from './database-outage-log.ts';

describe('the log of answers the database could not serve', () => {
  test("names the driver's reason, one line per ten seconds, counting the answers in between", () => {
    const lines: string[] = [];
    let now = 0;
    const log = databaseOutageLog(
      { info: () => {}, error: (line: string) => lines.push(line) } as never,
      () => now,
    );
    const tooMany = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    const request = new Request('http://parstock.test/api/counts?x=1', { method: 'PUT' });
    log(databaseUnavailable(tooMany), request);
    now = 4_000;
    log(databaseUnavailable(tooMany), request);
    log(databaseUnavailable(tooMany), request);
    now = 10_500;
    log(databaseUnavailable(), request);
    expect(lines).toEqual([
      'Database unavailable: PUT /api/counts answered 503: 53300: sorry, too many clients already',
      'Database unavailable: PUT /api/counts answered 503 (and 2 more answered so since the last line): no reason given by the driver',
    ]);
  });
});
