import { describe, expect, it } from 'vitest';
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
});
