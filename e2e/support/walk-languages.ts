/**
 * The two languages the issue-16 walks read every screen in, with the words a reader of each
 * types and receives, so that nothing English on screen is the test's own.
 */
export const walkLanguages = [
  { code: 'zh-CN', name: '测试用户', question: '京都有哪些值得一去的寺庙？', reply: ['清水寺、', '金阁寺和', '伏见稻荷大社。'], title: '京都寺庙推荐', preset: '旅行助手' },
  { code: 'ja-JP', name: 'テストユーザー', question: '京都でおすすめのお寺は？', reply: ['清水寺、', '金閣寺、', '伏見稲荷大社です。'], title: '京都のお寺', preset: '旅行アシスタント' },
] as const;

/** The testkit stack's OPENID_BUTTON_LABEL: the operator's words, shown as written. */
export const operatorTexts = ['Test issuer'];
