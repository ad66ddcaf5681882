import { legacyCollectionDeleteSchema, legacyCollectionSearchSchema, legacySetCollectionSchema } from './legacy';
import { COLLECTION_MESSAGES as M } from './messages';
import { COLLECTION_RULES } from './rules';
import { collectionFieldsSchema, collectionListQuerySchema, collectionListSchema, collectionSearchQuerySchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('collection schemas', () => {
  it('reads the seed fields into a collection: one-line name, description with its line breaks, the titles in order', () => {
    expect(collectionFieldsSchema.parse({ name: '  En  iyi \n diziler ', desc: ' Bir\r\nİki ', list: [3, 1, 2] })).toEqual({
      name: 'En iyi diziler',
      description: 'Bir\nİki',
      titleIds: [3, 1, 2],
    });
    expect(collectionFieldsSchema.parse({ name: 'Liste', list: JSON.stringify([{ id: 7, type: 'dizi', name: 'Deneme' }, { id: '8', type: 2 }]) })).toEqual({
      name: 'Liste',
      description: '',
      titleIds: [7, 8],
    });
  });

  it('needs a name and at least one item, with the seed’s message (§5)', () => {
    for (const input of [{ list: [1] }, { name: ' \n ', list: [1] }, { name: 'Liste' }, { name: 'Liste', list: [] }, { name: 'Liste', list: '[]' }, { name: 'Liste', list: '' }]) {
      expect(firstMessage(collectionFieldsSchema.safeParse(input))).toBe(M.required);
    }
  });

  it('refuses a list that is not JSON, not a list, names no ids, repeats a title or is too long', () => {
    for (const list of ['{', '{"id":1}', '"1"', '[{"name":"x"}]', '[0]', '[-1]', '["abc"]', '[1.5]', '[null]', 12]) {
      expect([list, firstMessage(collectionListSchema.safeParse(list))]).toEqual([list, M.listInvalid]);
    }
    expect(firstMessage(collectionListSchema.safeParse([1, 2, 1]))).toBe(M.duplicateItem);
    const tooMany = Array.from({ length: COLLECTION_RULES.maxItems + 1 }, (_, index) => index + 1);
    expect(firstMessage(collectionListSchema.safeParse(tooMany))).toBe(M.tooManyItems);
    expect(firstMessage(collectionListSchema.safeParse(JSON.stringify(tooMany)))).toBe(M.tooManyItems);
    expect(firstMessage(collectionListSchema.safeParse('['.repeat(COLLECTION_RULES.listJsonMaxLength + 1)))).toBe(M.listInvalid);
  });

  it('bounds the name and the description, counted as a person counts', () => {
    expect(collectionFieldsSchema.safeParse({ name: '😀'.repeat(COLLECTION_RULES.nameMaxLength), list: [1] }).success).toBe(true);
    expect(firstMessage(collectionFieldsSchema.safeParse({ name: 'a'.repeat(COLLECTION_RULES.nameMaxLength + 1), list: [1] }))).toBe(M.nameTooLong);
    expect(firstMessage(collectionFieldsSchema.safeParse({ name: 'a'.repeat(100_000), list: [1] }))).toBe(M.nameTooLong);
    expect(firstMessage(collectionFieldsSchema.safeParse({ name: 'Liste', desc: 'a'.repeat(COLLECTION_RULES.descriptionMaxLength + 1), list: [1] }))).toBe(M.descriptionTooLong);
  });

  it('keeps markup as the text it is', () => {
    expect(collectionFieldsSchema.parse({ name: '<script>alert(1)</script>', desc: '<b>kalın</b>', list: [1] })).toMatchObject({
      name: '<script>alert(1)</script>',
      description: '<b>kalın</b>',
    });
  });

  it('reads the legacy calls with their ids', () => {
    expect(legacySetCollectionSchema.parse({ collection_id: '4', list: '[{"id":2},{"id":1}]' })).toEqual({ collectionId: 4, titleIds: [2, 1] });
    expect(firstMessage(legacySetCollectionSchema.safeParse({ list: '[1]' }))).toBe(M.collectionIdInvalid);
    expect(firstMessage(legacySetCollectionSchema.safeParse({ collection_id: 4, list: 'liste' }))).toBe(M.listInvalid);
    expect(firstMessage(legacyCollectionDeleteSchema.safeParse({ collection_id: 'x' }))).toBe(M.collectionIdInvalid);
    expect(legacyCollectionSearchSchema.parse({ query: ' şa ' })).toEqual({ query: 'şa' });
  });

  it('reads the list query and the search from 2 characters', () => {
    expect(collectionListQuerySchema.parse({})).toEqual({ page: 1, sort: 'newest', owner: null });
    expect(collectionListQuerySchema.parse({ page: '3', sort: 'popular', owner: ' ayse ' })).toEqual({ page: 3, sort: 'popular', owner: 'ayse' });
    expect(firstMessage(collectionListQuerySchema.safeParse({ sort: 'eski' }))).toBe(M.sortInvalid);
    expect(firstMessage(collectionSearchQuerySchema.safeParse({ q: ' a ' }))).toBe(M.queryTooShort);
    expect(firstMessage(collectionSearchQuerySchema.safeParse({}))).toBe(M.queryTooShort);
    expect(firstMessage(collectionSearchQuerySchema.safeParse({ q: 'a'.repeat(COLLECTION_RULES.searchMaxLength + 1) }))).toBe(M.queryTooLong);
  });
});
