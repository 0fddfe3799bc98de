import { Alert, Stack, Table, Text } from "@mantine/core";
import type { ImportError } from "../../../../shared/imports.ts";

/** The errors of an imported file, line by line: nothing is imported while there are any. */
export function ImportErrors(props: {
  errors: ImportError[];
  fieldLabel: (field: string) => string;
  hint: string;
}) {
  const { errors } = props;
  return (
    <Alert
      color="red"
      title={`Dit bestand bevat ${errors.length === 1 ? "een fout" : `${errors.length} fouten`}`}
    >
      <Stack gap="xs">
        <Text size="sm">Er wordt niets geïmporteerd zolang het bestand fouten bevat. {props.hint}</Text>
        <Table.ScrollContainer minWidth={480} maxHeight={320}>
          <Table striped withTableBorder fz="sm">
            <Table.Caption>Fouten per regel van het bestand</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Regel</Table.Th>
                <Table.Th>Veld</Table.Th>
                <Table.Th>Melding</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((error) => (
                <Table.Tr key={`${error.row}-${error.field}-${error.message}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{props.fieldLabel(error.field)}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Alert>
  );
}
