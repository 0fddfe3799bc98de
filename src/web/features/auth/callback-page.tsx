import { Anchor, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { authHeader } from "../../auth/auth-header.ts";
import { decodeJwtPayload, saveIdentity } from "../../auth/identity.ts";
import { takePendingSignIn } from "../../auth/sign-in.ts";

type Outcome = { ok: true; returnTo: string } | { ok: false; message: string };

/** Reads the provider's answer from the URL fragment; checks state and nonce before storing anything. */
export function completeSignIn(fragment: string): Outcome {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const pending = takePendingSignIn();
  const error = params.get("error");
  if (error) {
    return {
      ok: false,
      message: `De inlogdienst meldde een fout: ${params.get("error_description") ?? error}.`,
    };
  }
  if (!pending || params.get("state") !== pending.state) {
    return { ok: false, message: "Dit inlogantwoord hoort niet bij een inlogpoging vanuit dit venster." };
  }
  const accessToken = params.get("access_token");
  if (!accessToken) return { ok: false, message: "De inlogdienst stuurde geen toegangstoken terug." };
  const idToken = params.get("id_token");
  const claims = idToken ? decodeJwtPayload(idToken) : {};
  if (idToken && claims.nonce !== pending.nonce) {
    return { ok: false, message: "Het inlogantwoord is niet geldig (nonce komt niet overeen)." };
  }
  authHeader.set(accessToken);
  saveIdentity({
    nickname: typeof claims.nickname === "string" ? claims.nickname : undefined,
    email: typeof claims.email === "string" ? claims.email : undefined,
    idToken: idToken ?? undefined,
  });
  return { ok: true, returnTo: pending.returnTo.startsWith("/") ? pending.returnTo : "/dashboard" };
}

export function CallbackPage() {
  const navigate = useNavigate();
  const [outcome] = useState(() => completeSignIn(window.location.hash));
  useEffect(() => {
    if (outcome.ok) navigate(outcome.returnTo, { replace: true });
  }, [outcome, navigate]);

  if (outcome.ok) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Inloggen…" />
      </Center>
    );
  }
  return (
    <main>
      <Stack p="xl" maw={560} role="alert">
        <Title order={1}>Inloggen mislukt</Title>
        <Text>{outcome.message}</Text>
        <Anchor href="/dashboard">Opnieuw inloggen</Anchor>
      </Stack>
    </main>
  );
}
