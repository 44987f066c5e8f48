import { describe, expect, it } from 'vitest';
import { parseWorldJson, syntaxErrorOffset } from './json';
import { errorOf } from './testErrors';

describe('parseWorldJson', () => {
  it('parses and validates a world file, byte-order mark and all', () => {
    const text = '\uFEFF{"type": "logistic", "name": "l", "costs": [1], "d": 2, "theta_seed": 3}';
    expect(parseWorldJson(text, 'w.json')).toEqual({ type: 'logistic', name: 'l', costs: [1], d: 2, theta_seed: 3 });
  });

  it.each([
    // V8's own reason follows the position in parentheses; the position is ours.
    ['a value missing', '{\n  "type": "categorical",\n  "name": }', '(file): not valid JSON at line 3, column 11 (Unexpected token'],
    ['an unclosed object', '{\n  "type": "categorical",\n  "name": "x"', '(file): not valid JSON at line 3, column 14 ('],
    ['a trailing comma', '{"costs": [1, 2,]}', '(file): not valid JSON at line 1, column 17 ('],
    ['a bad literal', '{"a": tru}', '(file): not valid JSON at line 1, column 10 (Unexpected token'],
    ['a comment', '{\n// note\n"a": 1}', '(file): not valid JSON at line 2, column 1 ('],
  ])('reports %s with its line and column', (_, text, start) => {
    const e = errorOf(() => parseWorldJson(text, 'w.json'));
    expect(e.field).toBe('(file)');
    expect(e.message.startsWith(start), e.message).toBe(true);
    expect(e.message).not.toContain('\n');
    expect(e.message).not.toContain('is not valid JSON'); // V8 echoes the input there: dropped
  });

  it('names the field of a deeply nested or oversized value instead of overflowing the stack (issue 14, item 2)', () => {
    // 100,000 levels: JSON.parse reads them; printing them (String, JSON.stringify) would recurse that deep.
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(errorOf(() => parseWorldJson(nested, 'w.json')).message).toBe('(file): must be an object with a "type" field (got a deeply nested array)');
    const deepName = `{"type": "logistic", "name": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}, "costs": [1], "d": 2, "theta_seed": 3}`;
    expect(errorOf(() => parseWorldJson(deepName, 'w.json')).message).toBe('name: must be a non-empty string (got a deeply nested object)');
    const contexts = { type: 'categorical', name: 'c', arms: ['a'], costs: [1], categories: ['x'], q: [[0.5]], contexts: [new Array(300_000).fill(0)] };
    expect(errorOf(() => parseWorldJson(JSON.stringify(contexts), 'w.json')).message).toMatch(
      /^contexts\[0\]: must be an array of 1 to 4,096 numbers \(the largest context dimension\) \(got \[0,0,.*\.\.\.\)$/,
    );
  });

  it('refuses a malformed text nested deeper than 64 levels for its depth, with a loop, not a recursion (issue 42, item 3)', () => {
    // 100,000 open brackets: the error scan recursed once per level and overflowed the stack.
    expect(errorOf(() => parseWorldJson('['.repeat(100_000), 'w.json')).message).toBe(
      '(file): not valid JSON at line 1, column 65 (nested more than 64 levels deep, the limit)',
    );
    // 64 levels is within the limit: the message is JSON's own, at the end of the text.
    expect(errorOf(() => parseWorldJson('['.repeat(64), 'w.json')).message).toMatch(/^\(file\): not valid JSON at line 1, column 65 \(Unexpected end/);
    // A deep text that is valid JSON is read and named by the schema, as before.
    expect(syntaxErrorOffset(`${'{"a":['.repeat(50_000)}1${']}'.repeat(50_000)}`)).toBe(null);
  });

  it('says an empty file is empty', () => {
    expect(errorOf(() => parseWorldJson('  \n', 'w.json')).message).toBe('(file): empty (expected a JSON object)');
  });

  it('passes valid JSON on to the schema', () => {
    expect(errorOf(() => parseWorldJson('{"type": "tree"}')).message).toBe('type: unknown world type "tree" (expected categorical, logistic or dataset)');
  });
});

describe('syntaxErrorOffset', () => {
  it.each([
    ['{"a": [1, 2, {"b": null}], "c": "x\\u00e9\\n", "d": -1.5e3, "e": true}', null],
    ['[1 2]', 3],
    ['{"a": 01}', 7],
    ['"abc', 4],
    ['{"a": "\\x"}', 8],
    ['{} x', 3],
    ['', 0],
    ['{"a": [1, {"b": [2, 3]}], "c": {}}', null],
    ['{"a": 1,}', 8],
    ['[1, [2, ]]', 8],
    ['{"a" 1}', 5],
    ['[[[]]]]', 6],
  ])('%j → %s', (text, offset) => {
    expect(syntaxErrorOffset(text)).toBe(offset);
  });
});
