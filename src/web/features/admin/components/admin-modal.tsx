import { Modal, type ModalProps } from "@mantine/core";

/** Every admin modal: centred, a close button with a Dutch name. */
export function AdminModal(props: ModalProps) {
  return <Modal centered closeButtonProps={{ "aria-label": "Venster sluiten" }} {...props} />;
}
