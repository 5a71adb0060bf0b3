/** Bing's image creator, the one address a Sydney picture may be framed from. */
const IMAGE_CREATOR = 'https://www.bing.com/images/create';

/** The presentation iframe Bing's own page shows for a Sydney picture (the web shows it only after its embed check). */
export function bingImageFrame(prompt: string, messageId: string): string {
  const query = new URLSearchParams({ partner: 'sydney', re: '1', showselective: '1', sude: '1', kseed: '7000', SFX: '', q: prompt, iframeid: messageId });
  return `<iframe role="presentation" src="${IMAGE_CREATOR}?${query.toString().replace(/"/g, '%22')}"></iframe>`;
}
