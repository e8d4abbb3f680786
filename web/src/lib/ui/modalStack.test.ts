import { describe, expect, it } from 'vitest';
import { stackModals } from './modalStack';

describe('stackModals', () => {
  it('puts a newly opened dialog on top of those already open, wherever it sits in the document', () => {
    // The review dialog is open; the development wallet's prompt opens over it, though it comes first in the page.
    expect(stackModals(['review'], ['prompt', 'review'])).toEqual(['review', 'prompt']);
  });

  it('keeps the order of the dialogs still open when one closes', () => {
    expect(stackModals(['a', 'b', 'c'], ['a', 'c'])).toEqual(['a', 'c']);
    expect(stackModals(['review', 'prompt'], ['review'])).toEqual(['review']);
  });

  it('takes several dialogs found open at once in document order, and none when all closed', () => {
    expect(stackModals([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(stackModals(['a', 'b'], [])).toEqual([]);
  });
});
