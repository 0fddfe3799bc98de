import { Button, FileInput, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { AdPlatform } from "../../../../shared/ad-stats.ts";
import { formatNumber } from "../../../../shared/format.ts";
import {
  describeFormat,
  type ImportRequest,
  type ImportResult,
  MAX_IMPORT_BYTES,
} from "../../../../shared/imports.ts";
import { ImportSteps } from "../components/import-steps.tsx";
import { commitAdImport, previewAdImport, readAsBase64 } from "./ad-import-api.ts";
import { ImportPreviewView } from "./import-preview.tsx";
import { platformOptions } from "./labels.ts";

/**
 * Upload of an ad platform's CSV export: choose the file, see what it holds and what it replaces, then
 * import. Nothing is stored before "Importeren". `onImported` lets the page refresh what depends on it.
 */
export function AdImportPanel(props: { onImported?: (result: ImportResult) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [platform, setPlatform] = useState<AdPlatform | "auto">("auto");
  const [account, setAccount] = useState("");
  const [imported, setImported] = useState<ImportResult | null>(null);

  const request = async (chosen: File): Promise<ImportRequest> => {
    if (chosen.size > MAX_IMPORT_BYTES) throw new Error("Het bestand is groter dan 10 MB.");
    return {
      fileName: chosen.name,
      content: await readAsBase64(chosen),
      platform: platform === "auto" ? null : platform,
      account: account.trim() || null,
    };
  };
  const preview = useMutation({ mutationFn: async (chosen: File) => previewAdImport(await request(chosen)) });
  const commit = useMutation({
    mutationFn: async (chosen: File) => commitAdImport(await request(chosen)),
    onSuccess: (result) => {
      setImported(result);
      setFile(null);
      preview.reset();
      props.onImported?.(result);
    },
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setImported(null);
    commit.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };
  // A different hint can change how the file reads: the preview shown must be of the current choice.
  const changeHint = (apply: () => void) => {
    apply();
    preview.reset();
    commit.reset();
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Advertentiegegevens importeren
        </Title>
        <Text size="sm" c="dimmed">
          Upload de CSV-export van Google Ads, Meta Ads Manager, Marktplaats Admarkt of een affiliatenetwerk.
          Je ziet eerst een voorbeeld; pas na Importeren wordt iets opgeslagen. Een nieuwe import van
          hetzelfde platform, account en dezelfde dagen vervangt de vorige, zodat niets dubbel telt.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="CSV-bestand"
            placeholder="Kies een bestand"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ "aria-label": "Bestand wissen" }}
            w={280}
          />
          <Select
            label="Platform"
            data={platformOptions}
            value={platform}
            onChange={(value) =>
              changeHint(() => setPlatform((value as AdPlatform | "auto" | null) ?? "auto"))
            }
            allowDeselect={false}
            w={300}
          />
          <TextInput
            label="Account"
            description="Alleen nodig als het bestand geen accountkolom heeft"
            placeholder="bijvoorbeeld 123-456-7890"
            value={account}
            onChange={(event) => {
              const value = event.currentTarget.value;
              changeHint(() => setAccount(value));
            }}
            w={240}
          />
          <Button
            variant="default"
            disabled={!file}
            loading={preview.isPending}
            onClick={() => file && preview.mutate(file)}
          >
            Voorbeeld bekijken
          </Button>
        </Group>

        <ImportSteps
          file={file}
          preview={preview}
          commit={commit}
          previewFailed="Het voorbeeld lukte niet"
          showPreview={(data) => <ImportPreviewView preview={data} />}
          importLabel={(data) => `Importeren (${formatNumber(data.rowsToImport)} rijen)`}
          imported={imported && `Geïmporteerd: ${importedMessage(imported)}`}
        />
      </Stack>
    </Paper>
  );
}

function importedMessage(result: ImportResult): string {
  const rows = `${formatNumber(result.inserted)} ${result.inserted === 1 ? "rij" : "rijen"} opgeslagen`;
  const replaced =
    result.replaced > 0
      ? `, ${formatNumber(result.replaced)} eerder opgeslagen ${result.replaced === 1 ? "rij" : "rijen"} vervangen`
      : "";
  return `${result.fileName} (${describeFormat(result.format)}): ${rows}${replaced}.`;
}
