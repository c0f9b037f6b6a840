import type { MachineEntry } from './samples';
import { hydrationSamples } from './hydration.samples';
import { projectStatusSamples } from './project-status.samples';
import { loginSamples } from './login.samples';
import { itemListSamples } from './item-list.samples';
import { itemEditSamples } from './item-edit.samples';
import { uploadSamples } from './upload.samples';
import { signOutSamples } from './sign-out.samples';
import { notificationsSamples } from './notifications.samples';

export type { MachineEntry } from './samples';

/** Every statechart of the app, each with the samples that sit beside it. */
export const machineCatalog: MachineEntry[] = [
  hydrationSamples,
  projectStatusSamples,
  loginSamples,
  itemListSamples,
  itemEditSamples,
  uploadSamples,
  signOutSamples,
  notificationsSamples,
];

export function findMachine(name: string): MachineEntry | undefined {
  return machineCatalog.find((e) => e.name === name);
}
