import { Modal, type ModalProps } from "@mantine/core";
import { contrastVariables } from "./contrast.ts";

/** Every admin modal: centred, a close button with a Dutch name, error texts with enough contrast. */
export function AdminModal(props: ModalProps) {
  return (
    <Modal
      centered
      closeButtonProps={{ "aria-label": "Venster sluiten" }}
      style={contrastVariables}
      {...props}
    />
  );
}
