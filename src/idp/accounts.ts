import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Demo accounts of the development identity provider. They exist only here: the app itself knows users
 * by their verified e-mail address, so each account below exercises one case of the app's sign-in rules.
 */
export interface DemoAccount {
  /** Stable subject identifier (`sub`). */
  id: string;
  email: string;
  password: string;
  nickname: string;
  name: string;
  emailVerified: boolean;
  phoneNumber?: string;
  phoneNumberVerified?: boolean;
}

export const demoAccounts: readonly DemoAccount[] = [
  // The product spec's sample test user: nickname, verified e-mail, verified phone.
  {
    id: "demo",
    email: "demo@wasbord.nl",
    password: "demo",
    nickname: "demo",
    name: "Demo Gebruiker",
    emailVerified: true,
    phoneNumber: "+31612345678",
    phoneNumberVerified: true,
  },
  // Role tests: an allowed user with the analist role.
  {
    id: "analist",
    email: "analist@wasbord.nl",
    password: "analist",
    nickname: "analist",
    name: "Analist Gebruiker",
    emailVerified: true,
  },
  // Signed in, but not on the app's allow-list: the app answers 403.
  {
    id: "gast",
    email: "gast@example.com",
    password: "gast",
    nickname: "gast",
    name: "Gast Gebruiker",
    emailVerified: true,
  },
  // An unverified e-mail address never gets in.
  {
    id: "onbevestigd",
    email: "onbevestigd@example.com",
    password: "onbevestigd",
    nickname: "onbevestigd",
    name: "Onbevestigde Gebruiker",
    emailVerified: false,
  },
];

export function findAccountById(id: string): DemoAccount | undefined {
  return demoAccounts.find((account) => account.id === id);
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

// Compared when the e-mail address is unknown, so a miss costs the same as a wrong password.
const unknownAccountDigest = digest("\u0000no-such-account");

/** The account whose e-mail (case-insensitive) and password match, compared in constant time. */
export function verifyCredentials(email: string, password: string): DemoAccount | undefined {
  const wanted = email.trim().toLowerCase();
  const account = demoAccounts.find((candidate) => candidate.email === wanted);
  const matches = timingSafeEqual(
    digest(password),
    account ? digest(account.password) : unknownAccountDigest,
  );
  return account && matches ? account : undefined;
}

/** Standard OpenID Connect claims of an account, before filtering by scope. */
export function accountClaims(account: DemoAccount): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = {
    sub: account.id,
    nickname: account.nickname,
    name: account.name,
    email: account.email,
    email_verified: account.emailVerified,
  };
  if (account.phoneNumber !== undefined) {
    claims.phone_number = account.phoneNumber;
    claims.phone_number_verified = account.phoneNumberVerified ?? false;
  }
  return claims;
}
