import { describe, expect, it } from 'vitest';
import { actionInput, parseReactTurn } from './react-parser.ts';

describe('ReAct parser', () => {
  it('reads an action and its input', () => {
    expect(parseReactTurn('Thought: compute it\nAction: calculator\nAction Input: 2+3*4')).toEqual({ kind: 'action', tool: 'calculator', input: '2+3*4', thought: 'compute it' });
  });

  it('reads the final answer', () => {
    expect(parseReactTurn('I now know the final answer\nFinal Answer: It is 14.')).toEqual({ kind: 'final', answer: 'It is 14.' });
  });

  it('prefers an action written before a final answer the model ran ahead to', () => {
    expect(parseReactTurn('Action: google\nAction Input: otters\nObservation: made up\nFinal Answer: x').kind).toBe('action');
  });

  it('takes text in neither format as the answer', () => {
    expect(parseReactTurn('Just 14.')).toEqual({ kind: 'text', answer: 'Just 14.' });
  });

  it('turns plain input into the only field of the schema, and keeps JSON objects', () => {
    const schema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
    expect(actionInput('"otters"', schema)).toEqual({ query: 'otters' });
    expect(actionInput('{"query":"seals"}', schema)).toEqual({ query: 'seals' });
  });
});
