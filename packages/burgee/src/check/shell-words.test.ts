import { describe, expect, it } from 'vitest';
import { splitShellLine } from './shell-words.js';

describe('an example read as a shell line', () => {
  it.each([
    ['ship release api --build 1.4.0', {}, ['ship', 'release', 'api', '--build', '1.4.0']],
    [
      "ship rollback --service api --reason 'error rate up'",
      {},
      ['ship', 'rollback', '--service', 'api', '--reason', 'error rate up'],
    ],
    ['ship x --m "say \\"hi\\" \\$HOME" --n a\\ b', {}, ['ship', 'x', '--m', 'say "hi" $HOME', '--n', 'a b']],
    ['$ ship status --json | jq .data', {}, ['ship', 'status', '--json']],
    ['ship status > out.txt', {}, ['ship', 'status']],
    ['ship status 2>/dev/null', {}, ['ship', 'status']],
    ['ship status && ship release', {}, ['ship', 'status']],
    ['ship status; echo done', {}, ['ship', 'status']],
    ['ship status # all of them', {}, ['ship', 'status']],
    ['SHIP_TOKEN=abc REGION= ship release', { SHIP_TOKEN: 'abc', REGION: '' }, ['ship', 'release']],
    ["ship set 'A=b'", {}, ['ship', 'set', 'A=b']],
    ["'A=b' ship", {}, ['A=b', 'ship']],
    ["ship --name ''", {}, ['ship', '--name', '']],
    ['', {}, []],
  ])('X2 · %s', (line, env, words) => {
    expect(splitShellLine(line)).toEqual({ ok: true, env, words });
  });

  it.each([
    ["ship --reason 'open", 'it opens a single quote it never closes'],
    ['ship --reason "open', 'it opens a double quote it never closes'],
  ])('X2 · %s is not one shell line', (line, problem) => {
    expect(splitShellLine(line)).toEqual({ ok: false, problem });
  });
});
