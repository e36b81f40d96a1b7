import { describe, expect, it } from 'vitest';
import { readCsv } from './csvRecords';

function records(text: string, separator?: string) {
  const read = readCsv(text, separator);
  if (!read.ok) throw new Error(read.error.message);
  return read.records;
}

describe('readCsv', () => {
  it('reads cells and the line each record begins on', () => {
    expect(records('a,b\n1,2\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside a quoted cell, and counts the lines they span', () => {
    expect(records('"Dinner, Paris","two\nlines","say ""hi"""\nnext,row,here')).toEqual([
      { line: 1, cells: ['Dinner, Paris', 'two\nlines', 'say "hi"'] },
      { line: 3, cells: ['next', 'row', 'here'] },
    ]);
  });

  it('reads CRLF, LF and CR line ends alike, and a CRLF inside a quoted cell counts as one line', () => {
    const expected = [
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ];
    expect(records('a,b\r\n1,2\r\n')).toEqual(expected);
    expect(records('a,b\r1,2')).toEqual(expected);
    expect(records('"x\r\ny",z\r\nlast,one')).toEqual([
      { line: 1, cells: ['x\r\ny', 'z'] },
      { line: 3, cells: ['last', 'one'] },
    ]);
  });

  it('ignores a leading byte-order mark, so the first header cell is read as written', () => {
    expect(records('\ufeffDate,Cost\n')[0]?.cells).toEqual(['Date', 'Cost']);
  });

  it('skips blank lines but keeps the numbering of the lines after them', () => {
    expect(records('a\n\n\nb\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 4, cells: ['b'] },
    ]);
  });

  it('keeps empty cells, a quoted empty cell, and a record that ends without a line break', () => {
    expect(records('a,,""\n,')).toEqual([
      { line: 1, cells: ['a', '', ''] },
      { line: 2, cells: ['', ''] },
    ]);
  });

  it('keeps a quote in the middle of an unquoted cell as it is', () => {
    expect(records('5" pipe,2')[0]?.cells).toEqual(['5" pipe', '2']);
  });

  it('reads another separator when told', () => {
    expect(records('a;"b;c"\n', ';')[0]?.cells).toEqual(['a', 'b;c']);
  });

  it('fails a quote left open, naming the line where its record began', () => {
    expect(readCsv('a,b\n1,"never\nclosed\n')).toEqual({
      ok: false,
      error: { line: 2, message: 'A quote is never closed' },
    });
  });

  it('fails text after a closing quote, naming the line', () => {
    expect(readCsv('a\n"x"y,2\n')).toEqual({
      ok: false,
      error: { line: 2, message: 'Text after a closing quote' },
    });
  });
});
