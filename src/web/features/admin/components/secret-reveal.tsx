import { Alert, Button, Code, CopyButton, Group, Stack } from "@mantine/core";

/** A new secret (API key, report token), shown this once: Wasbord keeps only its fingerprint. */
export function SecretReveal({ what, secret, onDone }: { what: string; secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert role="status" title={`Kopieer ${what} nu`}>
        Dit wordt maar één keer getoond. Wasbord bewaart alleen een onherleidbare vingerafdruk; kwijt is
        kwijt, dan maak je een nieuwe.
      </Alert>
      <Code block data-testid="api-key-secret" fz="md" style={{ overflowWrap: "anywhere" }}>
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? "Gekopieerd" : "Kopiëren"}</Button>}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Klaar
        </Button>
      </Group>
    </Stack>
  );
}
