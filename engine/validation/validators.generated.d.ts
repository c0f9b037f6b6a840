// Types of the generated standalone validators (see build-validators.ts).
import type { ErrorObject } from 'ajv';

export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export const validateInterface: StandaloneValidator;
export const validateLayout: StandaloneValidator;
