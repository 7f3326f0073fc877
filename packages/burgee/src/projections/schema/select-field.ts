import type { FieldSelection } from './types.js';

/** Walks `a.b.0` through a schema value for `--field`, or says where it stopped and what was there (DESIGN S3). */
export function selectSchemaField(value: unknown, field: string): FieldSelection {
  let current = value;
  const walked: string[] = [];
  for (const step of field.split('.')) {
    const next = stepInto(current, step);
    if (!next.found) return { ok: false, at: walked.join('.'), step, available: availableSteps(current) };
    current = next.value;
    walked.push(step);
  }
  return { ok: true, value: current };
}

function stepInto(value: unknown, step: string): { found: true; value: unknown } | { found: false } {
  if (Array.isArray(value)) {
    // Only canonical indices ("0", "12"), so "01" or "1e0" are not quietly accepted.
    const index = /^(0|[1-9]\d*)$/.test(step) ? Number(step) : -1;
    return index >= 0 && index < value.length ? { found: true, value: value[index] } : { found: false };
  }
  if (isRecord(value) && Object.hasOwn(value, step)) return { found: true, value: value[step] };
  return { found: false };
}

function availableSteps(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((_, index) => String(index));
  return isRecord(value) ? Object.keys(value) : [];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
