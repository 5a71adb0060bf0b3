// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { checkedBingEmbed, splitBingEmbed } from './bing-embed.ts';

const good = '<iframe role="presentation" src="https://www.bing.com/images/create?partner=sydney&amp;q=a+fox"></iframe>';

describe('the Bing image-embed check', () => {
  it('accepts a single presentation iframe of the image creator', () => {
    expect(checkedBingEmbed(good)).toBe('https://www.bing.com/images/create?partner=sydney&q=a+fox');
  });

  it.each([
    ['another host', '<iframe role="presentation" src="https://evil.example/images/create"></iframe>'],
    ['a look-alike host', '<iframe role="presentation" src="https://www.bing.com.evil.example/images/create"></iframe>'],
    ['another Bing page', '<iframe role="presentation" src="https://www.bing.com/search?q=x"></iframe>'],
    ['no presentation role', '<iframe src="https://www.bing.com/images/create?q=x"></iframe>'],
    ['two iframes', good + good],
    ['a script beside it', `${good}<script>alert(1)</script>`],
    ...['img', 'style', 'div', 'a', 'input', 'button', 'form'].map((tag) => [`a ${tag} tag`, `${good}<${tag}></${tag}>`]),
    ['text beside it', `${good} click here`],
    ['a javascript address', '<iframe role="presentation" src="javascript:alert(1)"></iframe>'],
  ])('refuses %s', (_what, html) => {
    expect(checkedBingEmbed(html)).toBeNull();
  });

  it('splits the embed off the reply text', () => {
    expect(splitBingEmbed(`Here it is.\n\n${good}\n`)).toEqual({ text: 'Here it is.', embed: good });
    expect(splitBingEmbed('No picture.')).toEqual({ text: 'No picture.' });
  });
});
