import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVELOPMENT_HOSTS, parseHostList } from './config';

describe('parseHostList', () => {
  it('falls back to the local hosts when nothing is configured', () => {
    expect(parseHostList(undefined)).toEqual(DEFAULT_DEVELOPMENT_HOSTS);
    expect(parseHostList(' , ')).toEqual(DEFAULT_DEVELOPMENT_HOSTS);
  });

  it('splits, trims and lower-cases a configured list', () => {
    expect(parseHostList('Staging.example.org, localhost')).toEqual(['staging.example.org', 'localhost']);
  });
});
