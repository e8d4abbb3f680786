import { describe, expect, it } from 'vitest';
import { availabilityNote, ROADMAP } from './roadmap';

describe('availabilityNote', () => {
  it('names the release that brings a capability', () => {
    expect(availabilityNote(ROADMAP.createAccount)).toBe('Coming in release 0.6');
  });

  it('says plainly when a capability is not planned', () => {
    expect(availabilityNote({ release: null, title: 'Cloud and social sign-in', summary: 'Discontinued.' })).toBe('Not planned: the service is being discontinued');
  });
});
