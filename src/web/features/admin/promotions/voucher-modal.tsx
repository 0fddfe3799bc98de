import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type AdminPromotion,
  type AdminVoucher,
  MAX_VOUCHER_BATCH,
  type VoucherBatch,
  voucherBatchSchema,
  voucherCsvColumns,
} from "../../../../shared/admin/promotions.ts";
import { formatNumber } from "../../../../shared/format.ts";
import { downloadCsv } from "../../../lib/download.ts";
import { ADMIN_KEY, generateVouchers, promotionVouchers } from "../api/admin-api.ts";
import { AdminModal } from "../components/admin-modal.tsx";
import { useZodForm } from "../components/use-zod-form.ts";

function download(fileName: string, vouchers: AdminVoucher[]) {
  downloadCsv(
    fileName,
    voucherCsvColumns.map((column) => column.header),
    vouchers.map((voucher) => voucherCsvColumns.map((column) => column.value(voucher))),
  );
}

/** Generates a batch of voucher codes for one promotion and offers them, or all its codes, as CSV. */
export function VoucherModal({
  promotion,
  onClose,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm<VoucherBatch>({ count: 100, prefix: "" });
  const [batch, setBatch] = useState<AdminVoucher[] | null>(null);
  const generate = useMutation({
    mutationFn: (values: VoucherBatch) => generateVouchers(promotion?.id ?? 0, values),
    onSuccess: async (result) => {
      setBatch(result.vouchers);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: form.fail,
  });
  const all = useMutation({
    mutationFn: () => promotionVouchers(promotion?.id ?? 0),
    onSuccess: (vouchers) => download(`vouchers-${promotion?.code}.csv`, vouchers),
  });
  const close = () => {
    setBatch(null);
    form.reset({ count: 100, prefix: "" });
    generate.reset();
    all.reset();
    onClose();
  };

  return (
    <AdminModal
      opened={promotion !== null}
      onClose={close}
      title={`Vouchers van ${promotion?.name ?? ""}`}
      size="lg"
    >
      <Stack>
        <Text size="sm">
          Uitgegeven: {formatNumber(promotion?.issued ?? 0)} · geclaimd:{" "}
          {formatNumber(promotion?.claimed ?? 0)} · verzilverd: {formatNumber(promotion?.redeemed ?? 0)}
        </Text>
        {batch ? (
          <Alert color="green" role="status">
            <Stack gap="xs" align="flex-start">
              <span>
                <strong>{formatNumber(batch.length)} codes gemaakt</strong>, bijvoorbeeld{" "}
                {batch
                  .slice(0, 3)
                  .map((v) => v.code)
                  .join(", ")}
                .
              </span>
              <Button size="xs" onClick={() => download(`vouchers-${promotion?.code}-nieuw.csv`, batch)}>
                Nieuwe codes downloaden (CSV)
              </Button>
            </Stack>
          </Alert>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (form.validate(voucherBatchSchema)) generate.mutate(form.values);
            }}
          >
            <Stack gap="sm">
              {form.formError && form.formError.fields.length === 0 && (
                <Alert color="red" role="alert">
                  {form.formError.message}
                </Alert>
              )}
              <Group grow align="flex-start">
                <NumberInput
                  label="Aantal codes"
                  required
                  min={1}
                  max={MAX_VOUCHER_BATCH}
                  allowDecimal={false}
                  value={form.values.count}
                  error={form.errors.count}
                  onChange={(value) => form.set("count", typeof value === "number" ? value : Number.NaN)}
                />
                <TextInput
                  label="Voorvoegsel"
                  description="Optioneel, zoals ZOMER"
                  {...form.text("prefix")}
                />
              </Group>
              <Text size="xs" c="dimmed">
                Codes bestaan uit letters en cijfers die niet op elkaar lijken (geen 0/O, 1/I/L, 2/Z, 5/S,
                8/B).
              </Text>
              <Group justify="flex-end">
                <Button type="submit" loading={generate.isPending}>
                  Codes genereren
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {all.isError && (
          <Alert color="red" role="alert">
            {all.error.message}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => all.mutate()}
            loading={all.isPending}
            disabled={!promotion?.issued && !batch}
          >
            Alle codes van deze actie downloaden (CSV)
          </Button>
          <Button variant="default" onClick={close}>
            Sluiten
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
}
