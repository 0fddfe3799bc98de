import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier, InvalidTokenError, type TokenVerifier } from "./verify-token.ts";

const ISSUER = "http://localhost:3001";
const AUDIENCE = "wasbord-api";

let verify: TokenVerifier;
let sign: (claims: JWTPayload, options?: { key?: CryptoKey; expiresIn?: string | number }) => Promise<string>;
let otherKey: CryptoKey;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  verify = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: createLocalJWKSet({ keys: [jwk] }),
  });
  sign = (claims, options = {}) =>
    new SignJWT({ sub: "demo", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "24h")
      .sign(options.key ?? privateKey);
});

const unsigned = (payload: object) =>
  `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(
    JSON.stringify(payload),
  ).toString("base64url")}.`;

describe("access-token verification", () => {
  it("accepts a token signed by the provider for our audience and issuer", async () => {
    const claims = await verify(await sign({ iss: ISSUER, aud: AUDIENCE, email: "demo@wasbord.nl" }));
    expect(claims.email).toBe("demo@wasbord.nl");
  });

  it("refuses a token for another audience", async () => {
    await expect(verify(await sign({ iss: ISSUER, aud: "other-api" }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it("refuses a token from another issuer", async () => {
    await expect(verify(await sign({ iss: "https://evil.example", aud: AUDIENCE }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it("refuses an expired token", async () => {
    const expired = await sign(
      { iss: ISSUER, aud: AUDIENCE },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    await expect(verify(expired)).rejects.toThrow("ERR_JWT_EXPIRED");
  });

  it("refuses a token signed by another key", async () => {
    const forged = await sign({ iss: ISSUER, aud: AUDIENCE }, { key: otherKey });
    await expect(verify(forged)).rejects.toThrow("ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  it("refuses an unsigned token (alg none)", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await expect(verify(unsigned({ iss: ISSUER, aud: AUDIENCE, sub: "demo", exp }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it("refuses a token that is not a JWT at all", async () => {
    await expect(verify("not-a-token")).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
