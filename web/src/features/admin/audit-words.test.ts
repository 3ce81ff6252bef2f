import { describe, expect, test } from 'bun:test';
import { describeEntity, describeField, entityChoice } from './audit-words.ts';

describe('the audit log in words', () => {
  test('record types read as a person calls them; an unknown one as its code with spaces', () => {
    expect(describeEntity('location_product')).toBe('product at a café');
    expect(describeEntity('user')).toBe('person');
    expect(describeEntity('product')).toBe('product');
    expect(describeEntity('some_new_thing')).toBe('some new thing');
    expect(entityChoice('location')).toBe('Café');
  });

  test('field paths read as words, keeping the record named in brackets and capitals such as SKU', () => {
    expect(describeField('unitCost')).toBe('Unit cost');
    expect(describeField('role')).toBe('Role');
    expect(describeField('tabs[navigator].isVisible')).toBe('Tabs: navigator › is visible');
    expect(describeField('categories[Bakery].displayOrder')).toBe('Categories: Bakery › display order');
    expect(describeField('buttons.size')).toBe('Buttons › size');
    expect(describeField('SKU')).toBe('SKU');
    expect(describeField('quantities.63')).toBe('Quantities › 63');
    expect(describeField('par_locked')).toBe('Par locked');
  });

  test('a product id in a map keyed by product reads as its name when known', () => {
    const names = new Map([[63, 'Oat Milk']]);
    const name = (id: number) => names.get(id);
    expect(describeField('items.63.count', name)).toBe('Items › Oat Milk › count');
    expect(describeField('quantities.63', name)).toBe('Quantities › Oat Milk');
    expect(describeField('quantities.64', name)).toBe('Quantities › 64');
    expect(describeField('sessionId.63', name)).toBe('Session id › 63');
  });
});
