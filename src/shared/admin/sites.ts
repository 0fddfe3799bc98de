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
  carsPerLaneHour: wholeNumber("het aantal auto's per wasstraat per uur", 1, 200),
  active: activeSchema,
};

/** A new site's cars per lane per hour (a car a minute: a conveyor tunnel's usual pace); the database's default too. */
export const DEFAULT_CARS_PER_LANE_HOUR = 60;

export const siteCreateSchema = z.object({
  code: codeSchema(32),
  ...siteFields,
  carsPerLaneHour: siteFields.carsPerLaneHour.default(DEFAULT_CARS_PER_LANE_HOUR),
});
export type SiteCreate = z.input<typeof siteCreateSchema>;

// Absent in an update: unchanged (clients written before the field existed send the rest only).
export const siteUpdateSchema = z.object({
  ...siteFields,
  carsPerLaneHour: siteFields.carsPerLaneHour.optional(),
  version: versionSchema,
});
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
  /** Cars one lane washes in an hour at full speed: capacity = lanes × this (the live screen). */
  carsPerLaneHour: number;
  active: boolean;
  version: number;
}
