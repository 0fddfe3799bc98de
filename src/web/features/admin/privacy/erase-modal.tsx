import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type PlateErase, type PlateErasure, plateEraseSchema } from "../../../../shared/admin/privacy.ts";
import { formatPlate } from "../../../../shared/plates.ts";
import { erasePlate } from "../api/admin-api.ts";
import { AdminModal } from "../components/admin-modal.tsx";
import { useZodForm } from "../components/use-zod-form.ts";

/**
 * The confirmation step of the right to erasure: the plate typed once more, then erased for good. Give it
 * `key={plate}`: the form starts from the plate it was opened for.
 */
export function EraseModal(props: {
  plate: string | null;
  onClose: () => void;
  onErased: (erasure: PlateErasure) => void;
}) {
  const form = useZodForm<PlateErase>({ plate: props.plate ?? "", confirm: "" });
  const erase = useMutation({
    mutationFn: erasePlate,
    onSuccess: (erasure) => {
      close();
      props.onErased(erasure);
    },
    onError: form.fail,
  });
  const close = () => {
    form.reset({ plate: props.plate ?? "", confirm: "" });
    erase.reset();
    props.onClose();
  };
  const shown = props.plate ? formatPlate(props.plate) : "";

  return (
    <AdminModal opened={props.plate !== null} onClose={close} title={`Kenteken ${shown} wissen`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.validate(plateEraseSchema)) erase.mutate(form.values);
        }}
      >
        <Stack>
          <Text size="sm">
            De lezingen en bezoeken van dit kenteken worden verwijderd. Verkopen blijven voor de boekhouding
            bewaard, maar zonder kenteken. Dit kan niet ongedaan worden gemaakt; de rapporten tellen deze
            klant daarna niet meer mee.
          </Text>
          <TextInput
            label="Typ het kenteken ter bevestiging"
            placeholder={shown}
            autoComplete="off"
            data-autofocus
            {...form.text("confirm")}
          />
          {form.formError && !form.errors.confirm && (
            <Alert color="red" role="alert">
              {form.formError.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuleren
            </Button>
            <Button type="submit" color="red" loading={erase.isPending}>
              Definitief wissen
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
