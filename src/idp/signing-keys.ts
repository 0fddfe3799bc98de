import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

export interface SigningKeySet {
  keys: JWK[];
}

async function generateSigningKeySet(): Promise<SigningKeySet> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] };
}

function parseKeySet(text: string, keyFile: string): SigningKeySet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new Error(`Signing key file ${keyFile} is not valid JSON; remove it to generate a new key`, {
      cause,
    });
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((key) => typeof key === "object" && key)) {
    throw new Error(`Signing key file ${keyFile} holds no JSON Web Key Set; remove it to generate a new key`);
  }
  return { keys: keys as JWK[] };
}

/**
 * The provider's private signing keys. With a key file they are read from it, or generated and written
 * there (owner-only) when it does not exist yet, so tokens issued before a restart still verify after it.
 * Without one they live in memory for this process only.
 */
export async function loadSigningKeys(keyFile?: string): Promise<SigningKeySet> {
  if (!keyFile) return generateSigningKeySet();

  try {
    return parseKeySet(await readFile(keyFile, "utf8"), keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }

  const keySet = await generateSigningKeySet();
  await mkdir(dirname(keyFile), { recursive: true });
  // Write beside and rename, so a crash never leaves half a key file behind.
  const temporary = `${keyFile}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(keySet, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, keyFile);
  return keySet;
}
