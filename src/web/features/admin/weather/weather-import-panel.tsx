import { FileInput, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatNumber } from "../../../../shared/format.ts";
import { MAX_IMPORT_BYTES } from "../../../../shared/imports.ts";
import type { WeatherImportPreview, WeatherImportResult } from "../../../../shared/weather.ts";
import { readAsBase64 } from "../ad-import/ad-import-api.ts";
import { ImportErrors } from "../components/import-errors.tsx";
import { ImportSteps } from "../components/import-steps.tsx";
import { commitWeatherImport, previewWeatherImport } from "./weather-api.ts";

const FIELD_LABELS: Record<string, string> = {
  header: "Kolommen",
  stations: "Stationslijst",
  station: "Station (STN)",
  date: "Datum (YYYYMMDD)",
  tempC: "Temperatuur (TG)",
  sunshineH: "Zonneschijn (SQ)",
  rainMm: "Neerslag (RH)",
  file: "Bestand",
};
const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

const days = (n: number) => `${formatNumber(n)} ${n === 1 ? "dag" : "dagen"}`;

/**
 * Upload of KNMI daggegevens: choose the file, see per station which days it holds and what it replaces,
 * then import. Nothing is stored before "Importeren".
 */
export function WeatherImportPanel(props: { onImported: (result: WeatherImportResult) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [imported, setImported] = useState<WeatherImportResult | null>(null);
  const request = async (chosen: File) => {
    if (chosen.size > MAX_IMPORT_BYTES)
      throw new Error("Het bestand is groter dan 10 MB. Kies bij het KNMI alleen TG, SQ en RH.");
    return { fileName: chosen.name, content: await readAsBase64(chosen) };
  };
  const preview = useMutation({
    mutationFn: async (chosen: File) => previewWeatherImport(await request(chosen)),
  });
  const commit = useMutation({
    mutationFn: async (chosen: File) => commitWeatherImport(await request(chosen)),
    onSuccess: (result) => {
      setImported(result);
      setFile(null);
      preview.reset();
      props.onImported(result);
    },
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setImported(null);
    commit.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          KNMI-daggegevens importeren
        </Title>
        <Text size="sm" c="dimmed">
          Download bij het KNMI de daggegevens van een of meer stations (ten minste TG, SQ en RH) en upload
          het tekstbestand. Je ziet eerst wat erin staat; pas na Importeren wordt iets opgeslagen. Een nieuwe
          import vervangt per station de dagen die het bestand beslaat.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="KNMI-bestand"
            placeholder="Kies een bestand"
            accept=".txt,.csv,text/plain,text/csv"
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ "aria-label": "Bestand wissen" }}
            w={{ base: "100%", xs: 320 }}
          />
        </Group>
        {preview.isPending && <Text size="sm">Bestand controleren…</Text>}
        <ImportSteps
          file={file}
          preview={preview}
          commit={commit}
          previewFailed="Het controleren lukte niet"
          showPreview={(data) => <PreviewView preview={data} />}
          importLabel={(data) => `Importeren (${days(data.rowsToImport)})`}
          imported={
            imported &&
            `Geïmporteerd: ${imported.fileName}, ${days(imported.inserted)} opgeslagen${
              imported.replaced > 0 ? `, ${days(imported.replaced)} eerder opgeslagen vervangen` : ""
            }.`
          }
        />
      </Stack>
    </Paper>
  );
}

function PreviewView({ preview }: { preview: WeatherImportPreview }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Voorbeeld van {preview.fileName}
      </Title>
      <Text size="sm">
        {formatNumber(preview.rowsRead)} regels gelezen
        {preview.fields.length > 0 ? `, met ${preview.fields.join(", ")}` : ""}.
      </Text>
      {preview.stations.length > 0 && (
        <List size="sm" spacing={2}>
          {preview.stations.map((station) => (
            <List.Item key={station.code}>
              Station <strong>{`${station.code} ${station.name}`}</strong>: {formatDate(station.from)} t/m{" "}
              {formatDate(station.to)}, {days(station.days)} —{" "}
              {station.existingDays > 0
                ? `vervangt ${days(station.existingDays)} die al zijn opgeslagen`
                : "nog niets opgeslagen"}
            </List.Item>
          ))}
        </List>
      )}
      {preview.errors.length > 0 && (
        <ImportErrors
          errors={preview.errors}
          fieldLabel={fieldLabel}
          hint="Verbeter de regels hieronder in het bestand, of download het opnieuw bij het KNMI, en kies het bestand opnieuw."
        />
      )}
    </Stack>
  );
}
