import { z } from "../zod-nl.ts";
import { emailSchema, optionalText, versionSchema } from "./fields.ts";

export const roles = ["beheerder", "analist"] as const;
export type Role = (typeof roles)[number];

const roleSchema = z.enum(roles, { message: "Kies een rol: beheerder of analist." });

export const userCreateSchema = z.object({
  email: emailSchema,
  name: optionalText(100),
  role: roleSchema,
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  name: optionalText(100),
  role: roleSchema,
  version: versionSchema,
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

export interface AdminUser {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  version: number;
}
