import { describe, expect, it } from 'vitest';
import { linkHost, linkRiskKey } from './linkRisk';

describe('linkRiskKey', () => {
  it('names each known risk, and a general warning for a code this app does not know', () => {
    expect(linkRiskKey({ code: 'phishing_listed', domain: 'vapaee.io' })).toBe('zero.dapps.risk.phishing_listed');
    expect(linkRiskKey({ code: 'phishing_lookalike', domain: 'telos.net' })).toBe('zero.dapps.risk.phishing_lookalike');
    expect(linkRiskKey({ code: 'phishing_punycode', domain: 'xn--tlos-5qa.net' })).toBe('zero.dapps.risk.phishing_punycode');
    expect(linkRiskKey({ code: 'something_new', domain: 'x.io' })).toBe('zero.dapps.risk.other');
  });
});

describe('linkHost', () => {
  it('reads the host of a link, and keeps text that is not one', () => {
    expect(linkHost('https://app.vapaee.io/trade?x=1')).toBe('app.vapaee.io');
    expect(linkHost('not a link')).toBe('not a link');
  });
});
