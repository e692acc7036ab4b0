/** A database address fit to print: the password, if any, left out. */
export const withoutPassword = (url: string) => url.replace(/\/\/[^@/]*@/, "//");

/**
 * Whether the configured PostgreSQL answers, asked once before anything starts: a mistyped or
 * stopped DATABASE_URL is said at once instead of a desk whose every page fails. Null when it answers.
 */
export async function databaseProblem(url: string): Promise<string | null> {
  // The driver is loaded only when a database is to be asked (the scripts' refusals come before).
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return null;
  } catch (err) {
    return `The database in DATABASE_URL is not answering: ${withoutPassword(url)} (${(err as Error).message}).\nStart PostgreSQL there, or correct DATABASE_URL.`;
  } finally {
    await client.end().catch(() => {});
  }
}
