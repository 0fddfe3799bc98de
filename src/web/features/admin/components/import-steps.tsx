import { Alert, Button, Group } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** What every import's preview says: its errors and how many rows it would store. */
interface Preview {
  errors: unknown[];
  rowsToImport: number;
}

/**
 * The steps after a file is chosen, the same for every import (ad statistics, weather): the preview or why
 * it failed, "Importeren" once the preview holds no error, and what the import stored.
 */
export function ImportSteps<P extends Preview, R>(props: {
  file: File | null;
  preview: UseMutationResult<P, Error, File>;
  commit: UseMutationResult<R, Error, File>;
  previewFailed: string;
  showPreview: (preview: P) => ReactNode;
  /** The button's label for a preview without errors: `Importeren (1.234 rijen)`. */
  importLabel: (preview: P) => string;
  /** What was stored, after an import; null before. */
  imported: string | null;
}) {
  const { file, preview, commit } = props;
  const ready = preview.data && preview.data.errors.length === 0 && preview.data.rowsToImport > 0;
  return (
    <>
      {preview.isError && (
        <Alert color="red" role="alert" title={props.previewFailed}>
          {preview.error.message}
        </Alert>
      )}
      {preview.data && props.showPreview(preview.data)}
      {commit.isError && (
        <Alert color="red" role="alert" title="Importeren lukte niet">
          {commit.error.message}
        </Alert>
      )}
      {preview.data && (
        <Group>
          <Button disabled={!ready} loading={commit.isPending} onClick={() => file && commit.mutate(file)}>
            {ready ? props.importLabel(preview.data) : "Importeren"}
          </Button>
        </Group>
      )}
      {props.imported && (
        // No title: Mantine's green title on its light green falls short of 4.5:1 contrast.
        <Alert color="green" role="status">
          {props.imported}
        </Alert>
      )}
    </>
  );
}
