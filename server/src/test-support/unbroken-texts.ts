/** `n` characters cycling through `alphabet`, with no space unless the alphabet has one: one long "word", the shape that made BPE quadratic. */
export const unbrokenRun = (alphabet: string, n: number) => {
  const chars = [...alphabet];
  return Array.from({ length: n }, (_, i) => chars[(i * 7) % chars.length]).join('');
};

/** Alphabets of the scripts the tokenizer tests count in. */
export const scripts = {
  cjk: '今天天气很好我们去公园散步吧东京都日本語한국어문장',
  latin: 'abcdefghijklmnopqrstuvwxyzàéîõü',
  emoji: '🎉😀👍🏽🇫🇷❤️‍🔥',
  mixed: 'aé今😀1,;\n\t -Ωж',
};
