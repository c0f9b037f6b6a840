import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';
import { lazyInterface } from '../lazy';
import { CollectionNameDisplay, InterfaceNameDisplay, RowCountDisplay } from './displays';
import { InterfaceOptionsInterface, InterfacesInterface, InterfaceTypesInterface } from './InterfacePickers';
import { CollectionsInterface, FilePreviewInterface, PreviewInterface } from './SimpleInterfaces';

// Drag sorting (dnd-kit) and the QR code are chunks of their own, loaded when a form shows them.

/** The structured family's interface components, by the id a definition's `binding.component` names. */
export const structuredComponents: Record<string, InterfaceComponent> = {
  repeater: lazyInterface(() => import('./Repeater')),
  'key-value': lazyInterface(() => import('./KeyValue')),
  'checkbox-group': lazyInterface(() => import('./Checkboxes')),
  interfaces: InterfacesInterface,
  'interface-types': InterfaceTypesInterface,
  'interface-options': InterfaceOptionsInterface,
  collections: CollectionsInterface,
  '2fa-secret': lazyInterface(() => import('./TwoFactorSecret')),
  preview: PreviewInterface,
  'file-preview': FilePreviewInterface,
};

/** The structured family's displays, by the id a definition's `display.component` names. */
export const structuredDisplays: Record<string, DisplayComponent> = {
  'row-count': RowCountDisplay,
  'interface-name': InterfaceNameDisplay,
  'collection-name': CollectionNameDisplay,
};
