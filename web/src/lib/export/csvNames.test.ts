import { describe, expect, it } from 'vitest';
import { csvCell, withPartyNames } from './csvNames';

const names: Record<string, string> = { '0xbob': 'Bob', '0xalice': 'you', '0xeve': '=cmd|calc' };
const nameOf = (party: string) => names[party] ?? null;

describe('the names column of an export', () => {
  it('names each row’s counterparty as the user does, the header included', () => {
    const csv = 'date_utc,transaction_id,direction,counterparty,token\r\n'
      + '2026-01-01T00:00:00Z,0x1,out,0xbob,TLOS\r\n'
      + '2026-01-01T00:00:00Z,0x2,self,0xalice,TLOS\r\n'
      + '2026-01-01T00:00:00Z,0x3,in,0xcarol,TLOS\r\n';
    expect(withPartyNames(csv, nameOf)).toBe('date_utc,transaction_id,direction,counterparty,token,counterparty_name\r\n'
      + '2026-01-01T00:00:00Z,0x1,out,0xbob,TLOS,Bob\r\n'
      + '2026-01-01T00:00:00Z,0x2,self,0xalice,TLOS,you\r\n'
      + '2026-01-01T00:00:00Z,0x3,in,0xcarol,TLOS,\r\n');
  });

  it('keeps quoted cells (commas, quotes, line breaks) whole and defuses a formula name', () => {
    const csv = 'a,b,c,counterparty,token\r\nx,y,z,0xeve,"Gems, ""shiny""\r\nline two"\r\n';
    expect(withPartyNames(csv, nameOf)).toBe('a,b,c,counterparty,token,counterparty_name\r\nx,y,z,0xeve,"Gems, ""shiny""\r\nline two","\'=cmd|calc"\r\n');
    expect(csvCell('Bob, the builder')).toBe('"Bob, the builder"');
  });
});
