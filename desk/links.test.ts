import { describe, expect, it } from 'vitest';
import { httpsUrl, mailto } from './links';

describe('links built from stored data', () => {
  it('a mailto: carries the address only: ? & # in its local part never start parameters', () => {
    const address = 'sales?subject=Invoice&body=Pay&bcc=attacker@evil.example';
    const href = mailto(address);
    expect(href).toBe('mailto:sales%3Fsubject%3DInvoice%26body%3DPay%26bcc%3Dattacker@evil.example');
    // What a mail client reads back: one address, no parameters.
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(address);
    expect(mailto('asha@example.com')).toBe('mailto:asha@example.com');
  });

  it('a recording is linked only when its address is https', () => {
    expect(httpsUrl('https://recordings.example/1.wav')).toBe('https://recordings.example/1.wav');
    for (const bad of [
      'data:audio/wav;base64,AAAA',
      'javascript:alert(1)',
      'http://recordings.example/1.wav',
      'not a url',
      '',
      null,
    ])
      expect(httpsUrl(bad)).toBeNull();
  });
});
