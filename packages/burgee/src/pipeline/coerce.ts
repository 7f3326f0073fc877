import { splitValues } from '../manifest/split-values.js';
import type { ManifestOption, Scalar } from '../manifest/types.js';
import type { Layer } from './layers.js';

/**
 * A number as a person writes it in decimal (P4). `Number()` alone would also read `0x10`, `0b101`,
 * `0o7`, `" 5"` and `""` (as 0), none of which anyone types meaning a decimal number.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Reads a word as a decimal number (P4), for options and arguments alike; undefined when it is not one. */
export function readNumber(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/** Why a raw value could not become the option's type; the caller picks the exit code by source. */
export type CoerceProblem = { message: string; hint: string };

/** Converts a layer's raw value to the option's type (P4), or says why it cannot. */
export function coerce(
  option: ManifestOption,
  layer: Layer,
): { value: Scalar | Scalar[] } | { problem: CoerceProblem } {
  const raw = layer.raw;
  if (option.multiple) {
    // A config file lists in JSON's own way: "a,b" there is one string, which a flag would have split.
    if (layer.source === 'config' && !Array.isArray(raw)) return problem(option, layer, raw, 'an array');
    const items = Array.isArray(raw)
      ? raw
      : typeof raw === 'string' && layer.source === 'env'
        ? splitValues(option, raw)
        : [raw];
    const values: Scalar[] = [];
    for (const [index, item] of items.entries()) {
      const one = coerceOne(option, layer, item, index);
      if ('problem' in one) return one;
      values.push(one.value);
    }
    return { value: values };
  }
  if (Array.isArray(raw)) return problem(option, layer, raw, 'one value');
  return coerceOne(option, layer, raw);
}

/** One value; `index` is its place in a list, for saying where a config file's element is written. */
function coerceOne(
  option: ManifestOption,
  layer: Layer,
  raw: unknown,
  index?: number,
): { value: Scalar } | { problem: CoerceProblem } {
  const refuse = (expected: string) => problem(option, layer, raw, expected, index);
  if (option.type === 'boolean') {
    if (typeof raw === 'boolean') return { value: raw };
    const read = typeof raw === 'string' ? readBoolean(raw) : undefined;
    if (read !== undefined && layer.source !== 'config') return { value: read };
    // Words are read from a command line or a variable; a value of another JSON type (a config
    // file's, a question's answer) is a boolean or nothing: `1` there is no `true`.
    const words = layer.source !== 'config' && typeof raw === 'string';
    return refuse(words ? '1, true, yes, 0, false or no (any case)' : 'true or false');
  }
  if (option.type === 'number') {
    // A config file says what it means in JSON's own types: "5" there is a string, as 5 is a number.
    if (layer.source === 'config' && typeof raw !== 'number') return refuse('a number');
    const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? readNumber(raw) : undefined;
    if (number === undefined || !Number.isFinite(number)) return refuse('a number');
    if (option.integer && !Number.isInteger(number)) return refuse('a whole number');
    return { value: number };
  }
  if (typeof raw === 'string') return { value: raw };
  return refuse('a string');
}

function problem(
  option: ManifestOption,
  layer: Layer,
  raw: unknown,
  expected: string,
  index?: number,
): { problem: CoerceProblem } {
  const shown = option.secret ? '(redacted)' : JSON.stringify(raw);
  const name =
    layer.source === 'flag'
      ? option.flag
      : layer.source === 'env'
        ? `${layer.location} (for ${option.flag})`
        : `${layer.place?.(index) ?? `"${option.key}"`} in ${layer.location}`;
  return {
    problem: {
      message: `${name} expects ${expected}, got ${shown}`,
      hint:
        layer.source === 'flag'
          ? `give ${option.flag} ${expected}`
          : layer.source === 'env'
            ? `set ${layer.location} to ${expected}`
            : configHint(option, raw, expected, index),
    },
  };
}

/** What to write in the config file instead: the same value in the JSON type the option takes, where there is one. */
function configHint(option: ManifestOption, raw: unknown, expected: string, index?: number): string {
  const fallback =
    index === undefined ? `set "${option.key}" to ${expected}` : `make each element of "${option.key}" ${expected}`;
  if (option.secret) return fallback;
  if (expected === 'an array') {
    const items = typeof raw === 'string' ? splitValues(option, raw) : [raw];
    return `write it as an array: ${JSON.stringify(items.map((item) => inJsonType(option, item) ?? item))}`;
  }
  if (expected === 'a string' && (typeof raw === 'number' || typeof raw === 'boolean')) {
    return `write it as a JSON string: ${JSON.stringify(String(raw))}`;
  }
  if (typeof raw !== 'string') return fallback;
  const unquoted = inJsonType(option, raw);
  return unquoted === undefined ? fallback : `write it without quotes: ${String(unquoted)}`;
}

/** A word read as the option's number or boolean, as a flag would read it; undefined when it is none. */
function inJsonType(option: ManifestOption, raw: unknown): number | boolean | undefined {
  if (typeof raw !== 'string') return undefined;
  return option.type === 'number' ? readNumber(raw) : option.type === 'boolean' ? readBoolean(raw) : undefined;
}

/** Checks choices and bounds of a typed value; returns the problem, if any. */
export function checkRange(
  option: ManifestOption,
  value: Scalar | Scalar[],
): { message: string; bad: Scalar } | undefined {
  if (option.choices === undefined && option.minimum === undefined && option.maximum === undefined) return undefined;
  // A secret's value is never repeated back, not even when it is wrong (D3).
  const got = (item: Scalar) => (option.secret ? '' : `; got ${JSON.stringify(item)}`);
  for (const item of Array.isArray(value) ? value : [value]) {
    if (option.choices !== undefined && !option.choices.includes(item)) {
      return { message: `${option.flag} must be one of ${option.choices.join(', ')}${got(item)}`, bad: item };
    }
    if (typeof item === 'number' && option.minimum !== undefined && item < option.minimum) {
      return { message: `${option.flag} must be at least ${option.minimum}${got(item)}`, bad: item };
    }
    if (typeof item === 'number' && option.maximum !== undefined && item > option.maximum) {
      return { message: `${option.flag} must be at most ${option.maximum}${got(item)}`, bad: item };
    }
  }
  return undefined;
}

/** Reads the spellings of a boolean that flags and environment variables accept (P2). */
export function readBoolean(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  if (lower === '1' || lower === 'true' || lower === 'yes') return true;
  if (lower === '0' || lower === 'false' || lower === 'no') return false;
  return undefined;
}
