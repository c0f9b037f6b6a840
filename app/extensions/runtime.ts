import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import {
  Badge,
  Button,
  Icon,
  IconButton,
  NumberInput,
  Select,
  Spinner,
  Textarea,
  TextInput,
  Toggle,
} from '../../ui';
import { useEngineT } from '../../engine/i18n';
import { FormRegistryContext, FormServicesContext } from '../../engine/components/contract';

/**
 * The app's side of the extension runtime (see server/services/extension-runtime.ts). Extension ES
 * modules import React from the server's shim modules (`/extensions/runtime/react.js`,
 * `jsx-runtime.js`, `octavo.js`), which read this global: so every extension shares the app's one
 * React, and its hooks work. It must be installed before the first extension module is imported.
 */
export const RUNTIME_GLOBAL = '__octavoExtensionRuntime';

export interface ExtensionRuntime {
  version: 1;
  react: typeof React;
  jsxRuntime: typeof jsxRuntime;
  octavo: Record<string, unknown>;
}

export const extensionRuntime: ExtensionRuntime = {
  version: 1,
  react: React,
  jsxRuntime,
  octavo: {
    useEngineT,
    FormServicesContext,
    FormRegistryContext,
    Badge,
    Button,
    Icon,
    IconButton,
    NumberInput,
    Select,
    Spinner,
    TextInput,
    Textarea,
    Toggle,
  },
};

export function installExtensionRuntime(): void {
  const target = globalThis as Record<string, unknown>;
  target[RUNTIME_GLOBAL] ??= extensionRuntime;
}

/** Imports an extension module by the URL the server gave (relative ones under the API root). */
export function importExtension(root: string, url: string): Promise<{ default?: unknown }> {
  installExtensionRuntime();
  const absolute = /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `${root}${url}`;
  return import(/* @vite-ignore */ absolute) as Promise<{ default?: unknown }>;
}
