import { validateWatchSearch } from './watchSearch';

describe('validateWatchSearch', () => {
  it.each([
    [{ t: 754 }, { t: 754 }],
    [{ t: '754' }, { t: 754 }],
    [{ t: 12.9 }, { t: 12 }],
    [{ t: 0 }, { t: 0 }],
    [{}, {}],
    [{ t: -5 }, {}],
    [{ t: 86_401 }, {}],
    [{ t: 'baştan' }, {}],
    [{ t: '' }, {}],
    [{ t: null }, {}],
    [{ t: [5] }, {}],
  ])('reads %j as %j', (search, expected) => {
    expect(validateWatchSearch(search)).toEqual(expected);
  });
});
