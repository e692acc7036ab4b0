import { randomBytes, scryptSync } from "node:crypto";

/**
 * A password hash in the production format (`scrypt$N$r$p$salt$key`) at a test's cost, N=1024
 * instead of 2^15: verifyPassword reads the cost from the stored hash, so accounts made with it sign
 * in as any other. For suites whose subject is not the hashing itself; hand it to addStaff or seedDemoStaff.
 */
export async function cheapPasswordHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N: 1024, r: 8, p: 1 });
  return ["scrypt", 1024, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}
