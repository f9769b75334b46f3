import { describe, expect, it } from 'vitest';
import { luaString, parseWrkOutput, RESULT_MARKER, wrkScript } from '../../../../scripts/bench/wrkScript';
import { itReturns } from '../../../helpers/tables';

describe('luaString', () => {
  itReturns('quotes and escapes %j as %s', luaString, [
    ['plain', '"plain"'],
    ['say "hi" \\ bye', '"say \\"hi\\" \\\\ bye"'],
    ['a\nb\tc', '"a\\010b\\009c"'],
  ]);
});

describe('wrkScript', () => {
  it('stores each distinct string once and every visit as path + header references', () => {
    const script = wrkScript([
      { path: '/abc', headers: { 'User-Agent': 'UA 1', 'X-Forwarded-For': '1.2.3.4' } },
      { path: '/def', headers: { 'User-Agent': 'UA 1', 'X-Forwarded-For': '5.6.7.8' } },
    ]);
    expect(script).toContain('local S = {\n"User-Agent",\n"UA 1",\n"X-Forwarded-For",\n"1.2.3.4",\n"5.6.7.8"\n}');
    expect(script).toContain('local V = {\n{"/abc",1,2,3,4},\n{"/def",1,2,3,5}\n}');
    expect(script).toContain(`io.write(string.format(\n    '${RESULT_MARKER}{"requests":%d`);
    // No response() callback: wrk would copy every response's headers into Lua.
    expect(script).not.toContain('function response');
  });
});

describe('wrkScript paced', () => {
  const visits = [{ path: '/abc', headers: { 'User-Agent': 'UA 1' } }];

  it('paces every connection to one schedule of the total rate, on the monotonic clock', () => {
    const script = wrkScript(visits, 2500);
    expect(script).toContain('local interval = 1000 / 2500');
    expect(script).toContain('function delay()');
    expect(script).toContain('ffi.C.clock_gettime(1, clock)');
    // The schedule starts at the first request and never moves: requests whose slots passed while
    // the server paused leave at once, so that servers compared at one rate are sent the same requests.
    expect(script).toContain('if slot == 0 then slot = now end');
    expect(script).toContain('if slot <= now then return 0 end');
    expect(script).not.toContain('if slot < now then slot = now end');
  });

  it('has no delay() unpaced: wrk then sends as fast as it is answered', () => {
    expect(wrkScript(visits)).not.toContain('function delay');
  });
});

describe('parseWrkOutput', () => {
  it('reads the result line among wrk’s own output', () => {
    const output = [
      'Running 10s test @ http://127.0.0.1:40123',
      '  1 threads and 50 connections',
      `${RESULT_MARKER}{"requests":270000,"duration_us":10000000,"p50_us":1712,"p99_us":3950,"errors":{"connect":0,"read":1,"write":0,"status":2700,"timeout":2}}`,
      'Requests/sec:  27000.00',
    ].join('\n');
    expect(parseWrkOutput(output)).toEqual({
      rps: 27_000,
      p50Ms: 1.712,
      p99Ms: 3.95,
      requests: 270_000,
      answered: 267_300,
      otherStatus: 2700,
      socketErrors: 3,
    });
  });

  it('fails with the output when wrk printed no result', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      'wrk printed no result line:\nunable to connect to 127.0.0.1:1 Connection refused',
    );
  });
});
