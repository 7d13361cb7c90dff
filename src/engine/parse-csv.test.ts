import { describe, expect, it } from 'vitest';
import * as arrow from 'apache-arrow';
import { csvToIpc } from './csv-to-ipc';
import { parseCsv } from './parse-csv';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseCsv', () => {
  it('parseCsv keeps commas, CRLF/LF line breaks and "" escapes inside quoted fields', () => {
    const text = 'id,note,place\r\n1,"a, b","line one\r\nline two"\n2,"say ""hi""",\n3,,"x"';
    expect(parseCsv(text)).toEqual({
      header: ['id', 'note', 'place'],
      records: [
        ['1', 'a, b', 'line one\r\nline two'],
        ['2', 'say "hi"', null],
        ['3', null, 'x'],
      ],
    });
  });

  it('parseCsv: unquoted empty is null, quoted empty is "", BOM dropped, blank lines and CR-only breaks handled', () => {
    expect(parseCsv('\uFEFFa,b\r\r\n"",\r1,2\n\n')).toEqual({
      header: ['a', 'b'],
      records: [
        ['', null],
        ['1', '2'],
      ],
    });
  });

  it('parseCsv refuses an unclosed quote', () => {
    expect(() => parseCsv('a,b\n1,"open')).toThrow(/unclosed quote/);
  });
});

describe('csvToIpc', () => {
  it('csvToIpc infers INTEGER, BIGINT, DOUBLE, BOOLEAN, DATE and VARCHAR and writes NULLs as NULL', () => {
    const csv = [
      'i,big,d,flag,day,text,zip,nanny,blank',
      '1,9007199254740993,1.5,true,2023-06-14,hello,02134,NaN,',
      '-2,2,1e3,FALSE,2024-02-29,"a,b",10001,2.5,',
      ',,,,,,,,',
    ].join('\n');
    const converted = csvToIpc(bytes(csv));
    expect(converted.rows).toBe(3);
    expect(converted.columns).toEqual([
      { name: 'i', type: 'INTEGER' },
      { name: 'big', type: 'BIGINT' },
      { name: 'd', type: 'DOUBLE' },
      { name: 'flag', type: 'BOOLEAN' },
      { name: 'day', type: 'DATE' },
      { name: 'text', type: 'VARCHAR' },
      { name: 'zip', type: 'VARCHAR' },
      { name: 'nanny', type: 'DOUBLE' },
      { name: 'blank', type: 'VARCHAR' },
    ]);
    const table = arrow.tableFromIPC(converted.batches);
    expect(table.getChild('big')!.get(0)).toBe(9007199254740993n);
    expect(table.getChild('d')!.toArray()[1]).toBe(1000);
    expect(table.getChild('flag')!.get(1)).toBe(false);
    expect(table.getChild('zip')!.get(0)).toBe('02134');
    expect(Number.isNaN(table.getChild('nanny')!.get(0))).toBe(true);
    for (const name of ['i', 'big', 'd', 'flag', 'day', 'text', 'blank'])
      expect(table.getChild(name)!.get(2), name).toBeNull();
  });

  it('csvToIpc: an invalid date or an int32 overflow widens the type; extra fields are refused', () => {
    const converted = csvToIpc(bytes('d,n\n2023-02-30,2147483648\n'));
    expect(converted.columns).toEqual([
      { name: 'd', type: 'VARCHAR' },
      { name: 'n', type: 'BIGINT' },
    ]);
    expect(() => csvToIpc(bytes('a,b\n1,2,3\n'))).toThrow(/record 2 has 3 fields but the header has 2/);
  });

  it('csvToIpc names empty header cells and de-duplicates repeated ones', () => {
    expect(csvToIpc(bytes('a,,A\n1,2,3\n')).columns.map((column) => column.name)).toEqual([
      'a',
      'column_2',
      'A_2',
    ]);
  });
});
