import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../lib/api/answerShape';
import { Health } from '../../../lib/api/generated/answerShapes';
import { fetchHealth } from './health';

const HEALTHY = { status: 'ok', version: '0.1.0', uptimeSeconds: 12, networks: ['telos', 'telos-evm'], evmSources: [], operatorNotes: [] };
const parseHealth = (json: unknown) => checkAnswer(Health, json);

describe('the health answer', () => {
  it('accepts the documented health body', () => {
    expect(parseHealth(HEALTHY)).toEqual(HEALTHY);
  });

  it('rejects a body without a version', () => {
    expect(() => parseHealth({ ...HEALTHY, version: 3 })).toThrow('version');
  });

  it('rejects networks that are not names', () => {
    expect(() => parseHealth({ ...HEALTHY, networks: [1] })).toThrow('networks');
  });
});

describe('fetchHealth', () => {
  it('reads /api/v1/health', async () => {
    const requested: string[] = [];
    const fetchImpl: typeof fetch = (input) => {
      requested.push(typeof input === 'string' ? input : 'a non-string request');
      return Promise.resolve(Response.json(HEALTHY));
    };
    await expect(fetchHealth({ fetchImpl })).resolves.toEqual(HEALTHY);
    expect(requested).toEqual(['/api/v1/health']);
  });
});
