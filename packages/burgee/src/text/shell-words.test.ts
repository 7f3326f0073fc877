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
    ['$ ship status --json | jq .data', {}, ['ship', 'status', '--json'], '| jq .data'],
    ['ship status > out.txt', {}, ['ship', 'status'], '> out.txt'],
    ['ship status 2>/dev/null', {}, ['ship', 'status'], '2>/dev/null'],
    ['ship status && ship release', {}, ['ship', 'status'], '&& ship release'],
    ['ship status; echo done', {}, ['ship', 'status'], '; echo done'],
    ['ship status # all of them', {}, ['ship', 'status'], '# all of them'],
    ['ship release --token=<secret> --build 1', {}, ['ship', 'release', '--token='], '<secret> --build 1'],
    ['SHIP_TOKEN=abc REGION= ship release', { SHIP_TOKEN: 'abc', REGION: '' }, ['ship', 'release']],
    ["ship set 'A=b'", {}, ['ship', 'set', 'A=b']],
    ["'A=b' ship", {}, ['A=b', 'ship']],
    ["ship --name ''", {}, ['ship', '--name', '']],
    ['', {}, []],
  ])('X2 · %s', (line, env, words, rest?: string) => {
    expect(splitShellLine(line)).toStrictEqual(
      rest === undefined ? { ok: true, env, words } : { ok: true, env, words, rest },
    );
  });

  it.each([
    ["ship --reason 'open", 'it opens a single quote it never closes'],
    ['ship --reason "open', 'it opens a double quote it never closes'],
  ])('X2 · %s is not one shell line', (line, problem) => {
    expect(splitShellLine(line)).toEqual({ ok: false, problem });
  });
});
