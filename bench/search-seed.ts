import type { Database } from '@parley/server/testing';

/** Words the generated messages are made of; queries pick from the same lists. */
const englishWords = (
  'the quick brown fox jumps over lazy dog model chat server python javascript database query index search result ' +
  'answer question weather travel plan recipe coffee music garden budget report meeting email project design review ' +
  'summary translate poem story history science math physics energy network cloud docker linux kernel memory cache ' +
  'thread async promise error debug deploy release version update feature issue ticket customer price market stock ' +
  'trade bank loan credit salary office team manager engineer student teacher school lesson exam homework book novel ' +
  'movie actor song guitar piano photo camera phone laptop screen keyboard window house city river mountain ocean ' +
  'island forest desert winter summer spring autumn morning evening tonight today tomorrow please thanks hello explain'
).split(' ');

const chineseWords = (
  '你好 谢谢 天气 旅行 计划 咖啡 音乐 花园 预算 报告 会议 邮件 项目 设计 总结 翻译 诗歌 故事 历史 科学 数学 物理 能源 网络 ' +
  '数据 服务器 模型 问题 答案 搜索 结果 学习 学生 老师 学校 考试 作业 小说 电影 演员 歌曲 钢琴 照片 相机 手机 电脑 键盘 ' +
  '窗户 房子 城市 河流 山 海洋 岛屿 森林 沙漠 冬天 夏天 春天 秋天 早上 晚上 今天 明天 昨天 请 帮我 写 一篇 关于 的 ' +
  '文章 解释 比较 改进 代码 错误 部署 版本 功能 客户 价格 市场 股票 银行 工资 经理 工程师 猫 狗 鱼 茶 饭 面条 北京 上海 ' +
  '中国 人工智能 机器学习 深度 神经网络 算法'
).split(' ');

export interface SearchSeed {
  users: number;
  conversationsPerUser: number;
  messages: number;
}

const benchUser = (n: number | string) => `'bench-u' || ${n}`;
const literalArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * Bulk SQL for `messages` rows spread evenly over `users` users and their conversations: 45 %
 * English, 45 % Chinese, 10 % Chinese with English words mixed in; 6 to 20 words each; one
 * second apart so every user's history spans their whole share. All of it is generated inside
 * the database by generate_series, never row by row from here.
 */
function searchSeedSql({ users, conversationsPerUser, messages }: SearchSeed): string[] {
  const conversations = users * conversationsPerUser;
  const pick = (list: string) => `${list}[1 + floor(random() * array_length(${list}, 1))::int]`;
  const words = (list: string, sep: string) =>
    `array_to_string(ARRAY(SELECT ${pick(list)} FROM generate_series(1, 6 + g % 15)), '${sep}')`;
  return [
    `INSERT INTO users (id, name, email)
       SELECT ${benchUser('g')}, 'Bench user ' || g, 'bench-u' || g || '@bench.local' FROM generate_series(1, ${users}) g`,
    `INSERT INTO conversations (id, user_id, title, endpoint, created_at, updated_at)
       SELECT 'bench-c' || g, ${benchUser(`(1 + g % ${users})`)}, 'Conversation ' || g, 'openAI', now(), now()
       FROM generate_series(0, ${conversations - 1}) g`,
    `INSERT INTO messages (id, conversation_id, user_id, parent_message_id, sender, text, is_created_by_user, created_at, updated_at)
       SELECT 'bench-m' || g, 'bench-c' || (g % ${conversations}), ${benchUser(`(1 + (g % ${conversations}) % ${users})`)},
         '00000000-0000-0000-0000-000000000000', CASE WHEN g % 2 = 0 THEN 'User' ELSE 'ChatGPT' END,
         CASE WHEN r < 0.45 THEN ${words('v.en', ' ')}
              WHEN r < 0.9 THEN ${words('v.zh', '')}
              ELSE ${words('v.zh', '')} || ' ' || ${pick('v.en')} || ${words('v.zh', '')} END,
         g % 2 = 0, ts, ts
       FROM generate_series(0, ${messages - 1}) g,
         LATERAL (SELECT random() AS r, now() - make_interval(secs => ${messages} - g) AS ts) x,
         (SELECT ${literalArray(englishWords)} AS en, ${literalArray(chineseWords)} AS zh) v`,
    'ANALYZE',
  ];
}

/** The id of the n-th bench user (1-based). */
export const benchUserId = (n: number) => `bench-u${n}`;

interface RawClient {
  query(text: string): Promise<unknown>;
  exec?(text: string): Promise<unknown>;
}

/** Runs a plain SQL statement on the database's own client (PGlite `exec` or the pg pool). */
async function runSql(database: Database, text: string): Promise<unknown> {
  const client = (database.db as unknown as { $client: RawClient }).$client;
  return client.exec ? client.exec(text) : client.query(text);
}

/** Rows of a plain SQL query, on either database. */
export async function querySql<T>(database: Database, text: string): Promise<T[]> {
  const client = (database.db as unknown as { $client: { query(text: string): Promise<{ rows: T[] }> } }).$client;
  return (await client.query(text)).rows;
}

/**
 * Seeds without the message indexes, then builds them again from their own definitions: a bulk
 * load is far faster that way, and the indexes measured are exactly the migrated ones.
 */
export async function seedSearchCorpus(database: Database, seed: SearchSeed): Promise<void> {
  const indexes = await querySql<{ indexname: string; indexdef: string }>(
    database,
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'messages' AND indexname <> 'messages_pkey'`,
  );
  for (const index of indexes) await runSql(database, `DROP INDEX ${index.indexname}`);
  for (const statement of searchSeedSql(seed)) await runSql(database, statement);
  // On PostgreSQL the setting must travel in the same simple query as the build to reach its pooled connection.
  const memory = database.kind === 'postgres' ? `SET maintenance_work_mem = '256MB'; ` : '';
  for (const index of indexes) await runSql(database, `${memory}${index.indexdef}`);
  await runSql(database, 'ANALYZE messages');
}
