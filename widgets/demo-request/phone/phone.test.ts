import { describe, expect, it } from 'vitest';
import type { MetadataJson } from 'libphonenumber-js/core';
import { AsYouType, isValidPhoneNumber } from 'libphonenumber-js/core';
import full from 'libphonenumber-js/metadata.min.json';
import india from './metadata.in.json';
import { offered, parseCountries, startCountry } from './countries';
import { foreignCode, offeredOnly, plusTyped } from './foreign';
import { filterMetadata, metadataFor } from './metadata';

describe('the phone metadata', () => {
  it("India's file is the library's metadata for India (regenerate it when the library moves)", () => {
    // node -e "…writeFileSync('metadata.in.json', JSON.stringify(filterMetadata(full, ['IN'])) + '\n')"
    expect(india).toEqual(filterMetadata(full as MetadataJson, ['IN']));
  });

  it('keeps what the countries need, and the main country of a shared calling code', () => {
    const some = filterMetadata(full as MetadataJson, ['IN', 'CA']);
    expect(some.country_calling_codes).toEqual({ '1': ['US', 'CA'], '91': ['IN'] });
    expect(Object.keys(some.countries).sort()).toEqual(['CA', 'IN', 'US']);
    expect(isValidPhoneNumber('+1 613 555 0123', 'CA', some)).toBe(true);
    expect(new AsYouType('CA', some).input('6135550123')).toBe('(613) 555-0123');
    expect(isValidPhoneNumber('+44 20 7946 0958', some)).toBe(false);
  });

  it('India alone is at hand; any other list waits for the full set, cut to the list', async () => {
    expect(metadataFor(['IN'])).toBe(india);
    expect(metadataFor(['GB'])).toBe(metadataFor(['GB']));
    const gb = await metadataFor(['GB']);
    expect(Object.keys(gb.countries)).toEqual(['GB']);
    expect(Object.keys((await metadataFor('all')).countries).length).toBeGreaterThan(240);
  });
});

describe('the countries attribute', () => {
  it('reads codes, `all`, and falls back to the default country alone, India unless set', () => {
    expect(parseCountries(undefined)).toEqual(['IN']);
    expect(parseCountries('', 'gb')).toEqual(['GB']);
    expect(parseCountries(undefined, 'Britain')).toEqual(['IN']);
    expect(parseCountries(' in, ae ,GB')).toEqual(['IN', 'AE', 'GB']);
    expect(parseCountries('ALL')).toBe('all');
    expect(parseCountries('india, 12')).toEqual(['IN']);
  });

  it('starts with the default country when the form accepts it, else with the first accepted', () => {
    expect(startCountry(['IN', 'AE'], 'ae', 'IN')).toBe('AE');
    expect(startCountry(['AE', 'GB'], undefined, 'IN')).toBe('AE');
    expect(startCountry('all', 'us', 'IN')).toBe('US');
  });
});

describe("the countries offered, given the service's", () => {
  it("offers the service's when the page names none, and narrows the page's list to them", () => {
    expect(offered('all', ['IN', 'GB'])).toEqual({ countries: ['IN', 'GB'], dropped: [] });
    expect(offered(['IN', 'AE', 'GB'], ['IN'])).toEqual({ countries: ['IN'], dropped: ['AE', 'GB'] });
    expect(offered(['GB'], ['IN', 'GB'])).toEqual({ countries: ['GB'], dropped: [] });
  });

  it("falls back to the service's when the page names none it takes, and to the page's without an answer", () => {
    expect(offered(['AE'], ['IN'])).toEqual({ countries: ['IN'], dropped: ['AE'] });
    expect(offered(['AE'], null)).toEqual({ countries: ['AE'], dropped: [] });
    expect(offered('all', [])).toEqual({ countries: 'all', dropped: [] });
  });
});

describe('a number from abroad, by its calling code alone', () => {
  it('takes what was typed or pasted from its "+" on', () => {
    expect(plusTyped('+')).toBe('+');
    expect(plusTyped('Tel: +44 7911 123456')).toBe('+44 7911 123456');
    expect(plusTyped('98765')).toBeNull();
  });

  it("is one of ours once it begins with an offered country's code, and foreign once it cannot", () => {
    expect(offeredOnly('+91 98765 43210', ['91'])).toBe('+919876543210');
    expect(offeredOnly('+91', ['91'])).toBeNull();
    expect(offeredOnly('+44 7911 123456', ['91'])).toBeNull();
    expect(foreignCode('+44 7911 123456', ['91'])).toBe(true);
    expect(foreignCode('+4', ['91'])).toBe(true);
    // "+9" may still become +91; "+" is nothing yet.
    expect(foreignCode('+9', ['91'])).toBe(false);
    expect(foreignCode('+', ['91'])).toBe(false);
    expect(foreignCode('+44 20', ['91', '44'])).toBe(false);
  });
});
