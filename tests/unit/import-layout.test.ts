import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { headerRows, importColumns, recordToLines, rowsToRecords } from '../../src/runtime/import/layout';
import { ORDER_HEADER, orderColumns, orderForm } from '../api/bulk-import-fixture';

const model = compileModel({ id: 'm', fullName: 'M', enCode: 'm', formData: orderForm, columnData: orderColumns }, { file: 'orders.json' }).model!;
const columns = importColumns(model);

describe('bulk import layout', () => {
  it('takes the fields a form fills (no system fields), with how each cell is read, and a sub-table with its columns', () => {
    expect(columns.map((c) => [c.key, c.reading, c.required])).toEqual([
      ['orderName', 'text', true], ['quantity', 'number', true], ['status', 'options', false], ['orderDate', 'date', false], ['lines', 'rows', false],
    ]);
    expect(columns[4]!.children!.map((c) => [c.key, c.reading, c.required])).toEqual([['product', 'text', true], ['pieces', 'number', false]]);
  });

  it('writes two header rows with required markers, the table label merged over its columns and the others merged down', () => {
    const head = headerRows(columns, ['异常原因']);
    expect(head.rows).toEqual([[...ORDER_HEADER[0]!, '异常原因'], [...ORDER_HEADER[1]!, '']]);
    expect(head.merges).toEqual([[0, 0, 1, 0], [0, 1, 1, 1], [0, 2, 1, 2], [0, 3, 1, 3], [0, 4, 0, 5], [0, 6, 1, 6]]);
  });

  it('reads lines into records: a line with only sub-table cells continues the record above; unknown columns and blank lines are skipped', () => {
    const grid = [
      [...ORDER_HEADER[0]!, '备注'], [...ORDER_HEADER[1]!, ''],
      ['A', '1', '在售', '', 'P1', '2', 'ignored'],
      ['', '', '', '', 'P2', ''],
      ['', '', '', '', '', ''],
      ['B', '2', '', '', '', ''],
    ];
    const records = rowsToRecords(grid, columns);
    expect(records).toEqual([
      { orderName: 'A', quantity: '1', status: '在售', lines: [{ product: 'P1', pieces: '2' }, { product: 'P2' }] },
      { orderName: 'B', quantity: '2', lines: [] },
    ]);
    // and back: one line per child row, the record's own cells on the first
    expect(recordToLines(records[0]!, columns, ['why'])).toEqual([['A', '1', '在售', '', 'P1', '2', 'why'], ['', '', '', '', 'P2', '', '']]);
  });

  it('reads a one-row header when the model has no sub-table, matching labels with or without the marker', () => {
    const flat = columns.filter((c) => !c.children);
    expect(headerRows(flat).rows).toEqual([['*订单名称', '*数量', '状态', '下单日期']]);
    expect(rowsToRecords([['数量', '*订单名称'], ['3', 'X']], flat)).toEqual([{ quantity: '3', orderName: 'X' }]);
  });
});
