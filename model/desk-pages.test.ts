import { describe, expect, it } from 'vitest';
import { deskRouteOf } from './desk-pages';

describe('the desk’s pages', () => {
  it('routes the Embeds page and an embed’s page by its id, and nothing that cannot be one', () => {
    expect(deskRouteOf('/desk/embeds/')).toEqual({ name: 'embeds' });
    expect(deskRouteOf('/desk/embeds/emb_0123456789abcdefAB')).toEqual({
      name: 'embed',
      embedId: 'emb_0123456789abcdefAB',
    });
    expect(deskRouteOf('/desk/embeds/emb_short')).toEqual({ name: 'missing' });
    expect(deskRouteOf('/desk/leads/7')).toEqual({ name: 'lead', id: 7 });
    expect(deskRouteOf('/desk/demos/abc-1')).toEqual({ name: 'demo', demoId: 'abc-1' });
  });
});
