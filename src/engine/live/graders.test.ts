import { describe, expect, it } from 'vitest';
import { choiceLetter, graderOf, graderText, lastNumber, normalise, parseGrader } from './graders';

describe('graders', () => {
  it('choice: the last stated letter, MMLU-Pro style, or a lone letter', () => {
    const g = graderOf({ kind: 'choice' });
    expect(choiceLetter('Let me think. A is wrong... The answer is (C).')).toBe('C');
    expect(choiceLetter('answer: b')).toBe('B');
    expect(choiceLetter('The answer is (A). Wait, no: the answer is (D)')).toBe('D');
    expect(choiceLetter(' (E) ')).toBe('E');
    expect(choiceLetter('I cannot tell')).toBeNull();
    expect(g('The answer is (I).', 'I')).toBe(1);
    expect(g('The answer is (J).', 'I')).toBe(0);
    expect(g('no letter here', 'A')).toBe(0);
  });

  it('exact: case, punctuation, articles and spaces do not count', () => {
    const g = graderOf({ kind: 'exact' });
    expect(normalise('  The  Eiffel Tower! ')).toBe('eiffel tower');
    expect(g('the eiffel tower.', 'Eiffel Tower')).toBe(1);
    expect(g('Eiffel', 'Eiffel Tower')).toBe(0);
  });

  it('regex: the pattern, with {answer} standing for the expected answer, escaped', () => {
    expect(graderOf({ kind: 'regex', pattern: '^correct' })('correct', '')).toBe(1);
    expect(graderOf({ kind: 'regex', pattern: '^correct' })('incorrect', '')).toBe(0);
    const g = graderOf({ kind: 'regex', pattern: '\\b{answer}\\b' });
    expect(g('it costs 3.5 dollars', '3.5')).toBe(1);
    expect(g('it costs 345 dollars', '3.5')).toBe(0); // the dot is literal
  });

  it('number: the last number within the tolerance', () => {
    expect(lastNumber('first 12, then 1,234.5')).toBe(1234.5);
    expect(lastNumber('-3e2')).toBe(-300);
    expect(lastNumber('none')).toBeNull();
    const g = graderOf({ kind: 'number', tolerance: 0.01 });
    expect(g('so x = 0.333', '0.33')).toBe(1);
    expect(g('so x = 0.35', '0.33')).toBe(0);
    expect(g('no idea', '0.33')).toBe(0);
  });

  it('parses each spelling and gives it back; refuses the rest in one line', () => {
    for (const text of ['choice', 'exact', 'regex:^a:b$', 'number:0.5']) expect(graderText(parseGrader(text))).toBe(text);
    expect(parseGrader('number')).toEqual({ kind: 'number', tolerance: 0 });
    expect(() => parseGrader('fuzzy')).toThrow('grader: must be choice, exact, regex:<pattern> or number:<tolerance> (got "fuzzy")');
    expect(() => parseGrader('regex:(')).toThrow(/grader regex: not a valid pattern/);
    expect(() => parseGrader('number:-1')).toThrow(/tolerance must be a number ≥ 0/);
  });
});
