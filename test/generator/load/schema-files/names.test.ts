import { describe, expect, it } from 'vitest';
import { candidates, nameSchemas, type Nameable } from '../../../../generator/load/schema-files/names.js';

const schema = (file: string, ...pointer: string[]): Nameable => ({ key: `${file}#/${pointer.join('/')}`, file, pointer });

describe('nameSchemas', () => {
  const cases: { name: string; given: { schemas: Nameable[]; taken?: string[] }; want: string[] }[] = [
    { name: 'the last pointer token', given: { schemas: [schema('schemas/common.json', '$defs', 'City')] }, want: ['City'] },
    { name: 'the file name for a whole file', given: { schemas: [schema('schemas/city.json')] }, want: ['city'] },
    {
      name: 'the same token in two files: both take the file name too',
      given: { schemas: [schema('a.json', '$defs', 'Id'), schema('b.yaml', 'definitions', 'Id')] },
      want: ['a_Id', 'b_Id'],
    },
    { name: 'a name the manifest has', given: { schemas: [schema('x/city.json')], taken: ['City'] }, want: ['x_city'] },
    { name: 'a whole file at the top, name taken', given: { schemas: [schema('city.json')], taken: ['city'] }, want: ['city_2'] },
    {
      name: 'same file name in two folders',
      given: { schemas: [schema('v1/city.json'), schema('v2/city.json')] },
      want: ['v1_city', 'v2_city'],
    },
    { name: 'characters outside identifiers', given: { schemas: [schema('s/geo-point.v2.json')] }, want: ['geo_point_v2'] },
    { name: 'an index is no name', given: { schemas: [schema('s/list.json', 'prefixItems', '0')] }, want: ['list_0'] },
    {
      name: 'a name every object has is avoided',
      given: { schemas: [schema('s/x.json', '$defs', 'constructor')] },
      want: ['x_constructor'],
    },
    { name: 'a leading digit', given: { schemas: [schema('1.json')] }, want: ['Schema'] },
    { name: 'already named (a manifest definition took it)', given: { schemas: [{ ...schema('c.json'), name: 'City' }] }, want: ['City'] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    nameSchemas(given.schemas, given.taken ?? []);
    expect(given.schemas.map((s) => s.name)).toEqual(want);
  });

  it('names do not depend on the order schemas were found in', () => {
    const make = () => [
      schema('a.json', '$defs', 'Id'),
      schema('b.json', '$defs', 'Id'),
      schema('c.json', '$defs', 'Name'),
      schema('schemas/c.json'),
    ];
    const forward = make();
    const backward = make().reverse();
    nameSchemas(forward, ['Other']);
    nameSchemas(backward, ['Other']);
    expect(Object.fromEntries(forward.map((s) => [s.key, s.name]))).toEqual(Object.fromEntries(backward.map((s) => [s.key, s.name])));
  });

  it('every name is unique, ignoring case, and avoids the taken ones', () => {
    const schemas = Array.from({ length: 30 }, (_, i) => schema(`d${i % 3}/s.json`, '$defs', i % 2 ? 'Item' : 'item'));
    nameSchemas(schemas, ['item', 'ITEM_2']);
    const lower = schemas.map((s) => s.name!.toLowerCase());
    expect(new Set(lower).size).toBe(schemas.length);
    expect(lower).not.toContain('item');
    expect(lower).not.toContain('item_2');
  });
});

describe('candidates', () => {
  it('shortest first', () => {
    expect(candidates({ file: 'schemas/common.yaml', pointer: ['$defs', 'Country'] })).toEqual([
      'Country',
      'common_Country',
      'schemas_common_defs_Country',
    ]);
  });
});
