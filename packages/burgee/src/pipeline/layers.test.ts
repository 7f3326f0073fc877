import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ManifestOption } from '../manifest/types.js';
import { type Layer, layersOf, winner, winningLayer } from './layers.js';
import type { RawFlag } from './parse-argv.js';

const option = fc.record({
  key: fc.constant('level'),
  flag: fc.constant('--level'),
  type: fc.constantFrom('string', 'number', 'boolean'),
  required: fc.boolean(),
  multiple: fc.boolean(),
  separator: fc.constant(','),
  integer: fc.boolean(),
  hidden: fc.boolean(),
  negatable: fc.boolean(),
  secret: fc.boolean(),
  dynamic: fc.constant(false),
  refined: fc.constant(false),
  env: fc.option(fc.constant('TOOL_LEVEL'), { nil: undefined }),
  default: fc.option(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { nil: undefined }),
}) as fc.Arbitrary<ManifestOption>;

const flag = (o: ManifestOption): fc.Arbitrary<RawFlag | undefined> =>
  fc.option(
    fc.oneof(
      fc
        .record({ token: fc.constantFrom('--level', '-l', '--no-level'), value: fc.boolean() })
        .map(({ token, value }) => ({ option: o, token, kind: 'boolean' as const, value })),
      fc
        .record({ token: fc.constantFrom('--level', '-l'), values: fc.array(fc.string(), { minLength: 1 }) })
        .map(({ token, values }) => ({ option: o, token, kind: 'text' as const, values })),
    ),
    { nil: undefined },
  );

describe('P1 · the winning layer', () => {
  it('P1 · winningLayer is the first layer of layersOf that holds a value, for any option and sources', () => {
    fc.assert(
      fc.property(
        option.chain((o) =>
          fc.record({
            option: fc.constant(o),
            flag: flag(o),
            env: fc.dictionary(fc.constantFrom('TOOL_LEVEL', 'OTHER'), fc.string()),
            config: fc.option(fc.constant({ path: '/etc/tool.json', values: {}, locate: () => '"level"' }), {
              nil: undefined,
            }),
            configValues: fc.dictionary(fc.constantFrom('level', 'other'), fc.oneof(fc.string(), fc.constant(null))),
          }),
        ),
        ({ option: o, flag: f, env, config, configValues }) => {
          const all = layersOf(o, f, env, config, configValues, []);
          const won = winningLayer(o, { flag: f, env, config, configValues, commandPath: [] });
          // Each call makes a config layer's `place` of its own: the same place, not the same function.
          const plain = (layer: Layer | undefined) => layer && { ...layer, place: layer.place?.() };
          expect(plain(won)).toEqual(plain(winner(all)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
