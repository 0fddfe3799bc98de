import { z } from "../zod-nl.ts";
import {
  activeSchema,
  codeSchema,
  optionalText,
  requiredText,
  versionSchema,
  wholeNumber,
} from "./fields.ts";

const coordinate = (label: string, limit: number) =>
  z
    .number({ message: `Vul de ${label} in, bijvoorbeeld 52,0907.` })
    .min(-limit, `De ${label} ligt tussen -${limit} en ${limit}.`)
    .max(limit, `De ${label} ligt tussen -${limit} en ${limit}.`);

const siteFields = {
  name: requiredText("een naam", 100),
  address: optionalText(200),
  postcode: z
    .string({ message: "Vul een postcode in, zoals 3511 AB." })
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[1-9][0-9]{3}[A-Z]{2}$/, "Vul een Nederlandse postcode in, zoals 3511 AB.")),
  city: requiredText("een plaats", 100),
  lat: coordinate("breedtegraad", 90),
  lon: coordinate("lengtegraad", 180),
  lanes: wholeNumber("het aantal wasstraten", 1, 20),
  active: activeSchema,
};

export const siteCreateSchema = z.object({ code: codeSchema(32), ...siteFields });
export type SiteCreate = z.input<typeof siteCreateSchema>;

export const siteUpdateSchema = z.object({ ...siteFields, version: versionSchema });
export type SiteUpdate = z.input<typeof siteUpdateSchema>;

export interface AdminSite {
  id: number;
  code: string;
  name: string;
  address: string | null;
  postcode: string;
  city: string;
  lat: number;
  lon: number;
  lanes: number;
  active: boolean;
  version: number;
}
