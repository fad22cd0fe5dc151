import { describe, expect, it } from 'vitest';
import { columnReferences, MAPPING_PRESETS, presetMapping } from '#shared/results/columns';
import { draftFrom, mappingFrom } from './mapping-fields';

const columns = ['Transaction ID', 'Created', 'Amount', 'Email', 'Source Code', 'utm_source', 'Page URL'];

describe('the mapping step', () => {
  it('prefills from the saved mapping, dropping columns the file does not have', () => {
    const draft = draftFrom(
      { id: 'Transaction ID', date: 'Created', amount: 'Amount', email: 'E-mail', codes: ['Source Code', 'Gone'] },
      columns,
    );
    expect(draft).toMatchObject({
      id: 'Transaction ID',
      date: 'Created',
      amount: 'Amount',
      email: '',
      codes: ['Source Code'],
    });
  });

  it('sends no mapping until id, date and amount have a column, and leaves out fields without one', () => {
    const draft = draftFrom(null, columns);
    expect(mappingFrom(draft)).toBeNull();
    expect(
      mappingFrom({ ...draft, id: 'Transaction ID', date: 'Created', amount: 'Amount', codes: ['utm_source'] }),
    ).toEqual({ id: 'Transaction ID', date: 'Created', amount: 'Amount', codes: ['utm_source'] });
  });

  it("offers a repeated column name's later column as 'name#2', and a preset as a draft over the file's columns", () => {
    const header = ['Transaction ID', 'Date', 'Gross Amount', 'Email', 'Source Code', 'agency', 'agency'];
    const references = columnReferences(header);
    const saved = draftFrom(
      { id: 'Transaction ID', date: 'Date', amount: 'Gross Amount', codes: ['agency#2'] },
      references,
    );
    expect(mappingFrom(saved)).toEqual({
      id: 'Transaction ID',
      date: 'Date',
      amount: 'Gross Amount',
      codes: ['agency#2'],
    });
    const winRed = MAPPING_PRESETS.find((preset) => preset.id === 'winred')!;
    expect(mappingFrom(draftFrom(presetMapping(header, winRed), references))).toEqual({
      id: 'Transaction ID',
      date: 'Date',
      amount: 'Gross Amount',
      email: 'Email',
      codes: ['Source Code'],
    });
  });
});
