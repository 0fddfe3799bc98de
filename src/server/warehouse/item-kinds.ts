/** A condition on transaction_lines: the line's item is of this kind (a semi-join on the small items table). */
export const itemKindIs = (kind: "programma" | "extra" | "abonnement") =>
  `item_id IN (SELECT id FROM items WHERE kind = '${kind}')`;
