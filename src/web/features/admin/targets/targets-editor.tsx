import { ActionIcon, Table, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import {
  monthsOf,
  type SiteTarget,
  TARGET_FIGURES,
  TARGET_LABELS,
  type TargetFigure,
  type TargetSaveResult,
} from "../../../../shared/admin/targets.ts";
import { formatMonth } from "../../../../shared/format.ts";
import { ApiRequestError } from "../../../lib/http.ts";
import { FormModal } from "../components/form-modal.tsx";
import {
  batchOf,
  type CellErrors,
  cellErrorsOf,
  cellKey,
  inputsOf,
  type MonthInputs,
} from "./target-inputs.ts";
import { saveTargets } from "./targets-api.ts";

const HEADINGS: Record<TargetFigure, string> = {
  washes: TARGET_LABELS.washes,
  revenueExVatCents: `${TARGET_LABELS.revenueExVatCents} (€)`,
  newMembers: TARGET_LABELS.newMembers,
};

/**
 * One site's twelve months in one form: an operator types a year's plan row by row, or types January and
 * copies it down. An empty field is no target; all three empty clears the month.
 */
export function TargetsEditor(props: {
  site: { id: number; name: string };
  year: number;
  stored: SiteTarget[];
  onClose: () => void;
  onSaved: (result: TargetSaveResult) => void;
}) {
  const months = monthsOf(props.year);
  const [inputs, setInputs] = useState<MonthInputs[]>(() => inputsOf(months, props.site.id, props.stored));
  const [errors, setErrors] = useState<CellErrors>({});
  const [formError, setFormError] = useState<ApiRequestError | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: saveTargets,
    onSuccess: props.onSaved,
    onError: (error) => {
      const failure =
        error instanceof ApiRequestError
          ? error
          : new ApiRequestError(0, "unknown", "Er ging iets mis. Probeer het opnieuw.");
      const { cells, other } = cellErrorsOf(failure.fields);
      setErrors(cells);
      setOtherErrors(other);
      setFormError(failure);
    },
  });

  const set = (index: number, figure: TargetFigure, value: string) => {
    setInputs((current) => current.map((row, i) => (i === index ? { ...row, [figure]: value } : row)));
    setErrors((current) => ({ ...current, [cellKey(index, figure)]: undefined }));
  };
  const copyDown = (index: number) =>
    setInputs((current) => current.map((row, i) => (i > index ? { ...current[index] } : row)));

  const submit = () => {
    const { batch, errors: found } = batchOf(props.site.id, months, inputs);
    setErrors(found);
    setOtherErrors([]);
    setFormError(null);
    if (Object.keys(found).length === 0) save.mutate(batch);
  };

  return (
    <FormModal
      title={`Doelen van ${props.site.name} in ${props.year}`}
      opened
      onClose={props.onClose}
      onSubmit={submit}
      saving={save.isPending}
      error={formError}
      submitLabel="Doelen opslaan"
    >
      <Text size="sm" c="dimmed">
        Per maand: wassen, omzet excl. btw in euro's en nieuwe leden van de wasclub. Laat een veld leeg voor
        geen doel. Met ↓ neem je een maand over in de maanden erna.
      </Text>
      {otherErrors.map((message) => (
        <Text key={message} size="sm" c="red" role="alert">
          {message}
        </Text>
      ))}
      <Table
        aria-label={`Doelen van ${props.site.name} in ${props.year}`}
        verticalSpacing={4}
        horizontalSpacing={4}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Maand</Table.Th>
            {TARGET_FIGURES.map((figure) => (
              <Table.Th key={figure} fz="xs">
                {HEADINGS[figure]}
              </Table.Th>
            ))}
            <Table.Th w={32} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((month, index) => (
            <Table.Tr key={month}>
              <Table.Td fz="sm">{formatMonth(month, "short")}</Table.Td>
              {TARGET_FIGURES.map((figure) => (
                <Table.Td key={figure}>
                  <TextInput
                    size="xs"
                    inputMode={figure === "revenueExVatCents" ? "decimal" : "numeric"}
                    aria-label={`${TARGET_LABELS[figure]} ${formatMonth(month)}`}
                    value={inputs[index][figure]}
                    error={errors[cellKey(index, figure)]}
                    onChange={(event) => set(index, figure, event.currentTarget.value)}
                  />
                </Table.Td>
              ))}
              <Table.Td>
                {index < months.length - 1 && (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`${formatMonth(month)} overnemen in de maanden erna`}
                    title="Overnemen in de maanden erna"
                    onClick={() => copyDown(index)}
                  >
                    ↓
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FormModal>
  );
}
