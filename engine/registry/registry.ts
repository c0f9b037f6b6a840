import type { ComponentType } from 'react';
import type { FieldDefinition, InterfaceDefinition, LayoutDefinition } from '../types';
import { fallbackInterfacesFor } from './fallback-interfaces';
import type { InterfaceComponent } from '../components/contract';
import type { DisplayComponent } from '../displays/displays';
import { validateDefinition, type DefinitionKind } from '../validation/validate-definition';
import { localizeDefinition, type DefinitionText } from './localize';

/** What a layout component receives is defined by the list engine; the registry only stores it. */
export type LayoutComponent = ComponentType<any>;

/** Something the app should tell the user about (a red notification, per spec §8). */
export interface RegistryProblem {
  kind: DefinitionKind;
  id: string;
  /** For logs and developers (English). */
  message: string;
  /** The same for users: a message id of the catalogue (`interfaces.core.problem_*`) and its values. */
  text: ProblemText;
}

export interface ProblemText {
  id: string;
  values: Record<string, string>;
}

/** The catalogue's wording of a problem: missing, no component, or failed with a reason. */
function problemText(kind: DefinitionKind, message: string, id: string, component?: string): ProblemText {
  if (component !== undefined)
    return { id: 'interfaces.core.problem_no_component', values: { id, component } };
  if (message.startsWith('Missing ')) return { id: 'interfaces.core.problem_missing', values: { id, kind } };
  return { id: 'interfaces.core.problem_failed', values: { id, reason: message } };
}

export interface ResolvedInterface {
  definition: InterfaceDefinition;
  Component: InterfaceComponent;
  /** True when a stand-in (the field type's fallback interface) takes the place of a missing or broken one. */
  fallback: boolean;
  problem?: string;
  /** The problem as the catalogue words it, for users. */
  problemText?: ProblemText;
}

export interface ResolvedLayout {
  definition: LayoutDefinition;
  Component: LayoutComponent;
  fallback: boolean;
  problem?: string;
}

export interface ResolvedDisplay {
  Component: DisplayComponent;
  /** The display binding's props, to be resolved against the field's options. */
  binding: { component: string; props?: Record<string, unknown> };
}

export interface RegistryOptions {
  interfaces: InterfaceDefinition[];
  layouts: LayoutDefinition[];
  components: Record<string, InterfaceComponent>;
  layoutComponents: Record<string, LayoutComponent>;
  displays: Record<string, DisplayComponent>;
}

/** Stand-ins per spec §8: a plain text input, the table, and plain text. */
export const FALLBACK_INTERFACE = 'text-input';
export const FALLBACK_LAYOUT = 'tabular';
export const FALLBACK_DISPLAY = 'text';

/**
 * Resolves interface, layout and display ids to a definition and a component. Core definitions are
 * given at construction; custom ones (from the server) are validated before they are accepted.
 */
export class DefinitionRegistry {
  private readonly interfaceDefs = new Map<string, InterfaceDefinition>();
  private readonly layoutDefs = new Map<string, LayoutDefinition>();
  private readonly components: Map<string, InterfaceComponent>;
  private readonly layoutComponents: Map<string, LayoutComponent>;
  private readonly displays: Map<string, DisplayComponent>;
  private readonly coreComponentIds: Set<string>;
  private readonly coreDisplayIds: Set<string>;
  /** Problems by `${kind}:${id}`, kept so that every field using a broken id reports the same reason. */
  private readonly problemMap = new Map<string, RegistryProblem>();
  /** Set on a view made by `localized()`: the catalogue's text, and the translated copies made so far. */
  private text?: DefinitionText;
  private copies?: WeakMap<object, InterfaceDefinition | LayoutDefinition>;

  constructor(options: RegistryOptions) {
    for (const definition of options.interfaces) this.interfaceDefs.set(definition.id, definition);
    for (const definition of options.layouts) this.layoutDefs.set(definition.id, definition);
    this.components = new Map(Object.entries(options.components));
    this.layoutComponents = new Map(Object.entries(options.layoutComponents));
    this.displays = new Map(Object.entries(options.displays));
    this.coreComponentIds = new Set([...this.components.keys(), ...this.layoutComponents.keys()]);
    this.coreDisplayIds = new Set(this.displays.keys());
    if (!this.interfaceDefs.has(FALLBACK_INTERFACE) || !this.layoutDefs.has(FALLBACK_LAYOUT)) {
      throw new Error('The registry needs the text-input interface and the tabular layout to fall back on');
    }
  }

  /**
   * Adds definitions loaded from the server (core and custom). Each one is validated; an invalid
   * one is skipped and reported by its name (or its position when it has none).
   */
  addDefinitions(kind: DefinitionKind, list: unknown[], source = 'server'): RegistryProblem[] {
    const problems: RegistryProblem[] = [];
    list.forEach((raw, index) => {
      const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `#${index}`;
      const check = validateDefinition(kind, raw, `${source} ${kind} "${id}"`);
      if (!check.valid) {
        problems.push(this.report(kind, id, check.errors.join('; ')));
        return;
      }
      if (kind === 'interface') this.interfaceDefs.set(id, raw as InterfaceDefinition);
      else this.layoutDefs.set(id, raw as LayoutDefinition);
      this.problemMap.delete(`${kind}:${id}`);
    });
    return problems;
  }

  /** Registers the component of a custom interface (the default export of its ES module). */
  registerComponent(id: string, component: InterfaceComponent): void {
    if (this.coreComponentIds.has(id))
      throw new Error(`The component id "${id}" belongs to a core component`);
    this.components.set(id, component);
  }

  /** Registers the display of a custom interface (the `Display` export of its ES module). */
  registerDisplay(id: string, component: DisplayComponent): void {
    if (this.coreDisplayIds.has(id)) throw new Error(`The display id "${id}" belongs to a core display`);
    this.displays.set(id, component);
  }

  registerLayoutComponent(id: string, component: LayoutComponent): void {
    if (this.coreComponentIds.has(id))
      throw new Error(`The component id "${id}" belongs to a core component`);
    this.layoutComponents.set(id, component);
  }

  /** Records that an extension failed at run time (module import, or a crash while rendering). */
  markBroken(kind: DefinitionKind, id: string, reason: string): RegistryProblem {
    if (kind === 'interface') this.interfaceDefs.delete(id);
    else this.layoutDefs.delete(id);
    return this.report(kind, id, reason);
  }

  /**
   * A view of this registry whose definitions speak the user's language (`localize.ts`): names,
   * descriptions and options through `text`, the definition's own words where the catalogue has no
   * key. The view shares everything else (definitions, components, problems): what is added to one
   * is in both. The app hands screens and forms such a view (`useRegistry()`).
   */
  localized(text: DefinitionText): DefinitionRegistry {
    const view = Object.create(this) as DefinitionRegistry;
    view.text = text;
    view.copies = new WeakMap();
    return view;
  }

  private local<T extends InterfaceDefinition | LayoutDefinition>(kind: DefinitionKind, definition: T): T;
  private local<T extends InterfaceDefinition | LayoutDefinition>(
    kind: DefinitionKind,
    definition: T | undefined,
  ): T | undefined;
  private local<T extends InterfaceDefinition | LayoutDefinition>(
    kind: DefinitionKind,
    definition: T | undefined,
  ): T | undefined {
    if (!definition || !this.text || !this.copies) return definition;
    let copy = this.copies.get(definition);
    if (!copy) {
      copy =
        kind === 'interface'
          ? localizeDefinition('interface', definition as InterfaceDefinition, this.text)
          : localizeDefinition('layout', definition as LayoutDefinition, this.text);
      this.copies.set(definition, copy);
    }
    return copy as T;
  }

  problems(): RegistryProblem[] {
    return [...this.problemMap.values()];
  }

  interfaces(): InterfaceDefinition[] {
    return [...this.interfaceDefs.values()].map((definition) => this.local('interface', definition));
  }

  layouts(): LayoutDefinition[] {
    return [...this.layoutDefs.values()].map((definition) => this.local('layout', definition));
  }

  getInterface(id: string): InterfaceDefinition | undefined {
    return this.local('interface', this.interfaceDefs.get(id));
  }

  /**
   * The interface for a field. An unknown, invalid or broken id (or none) falls back to the
   * `fallback_interface` of the field's datatype in `schemas/field-types.json` (a TEXT column gets
   * the textarea, a boolean the switch, …), else to the plain text input (spec §8).
   */
  resolveInterface(
    id: string | null | undefined,
    field?: Pick<FieldDefinition, 'type' | 'datatype'> | null,
  ): ResolvedInterface {
    const definition = id ? this.interfaceDefs.get(id) : undefined;
    const Component = definition ? this.components.get(definition.binding.component) : undefined;
    if (definition && Component)
      return { definition: this.local('interface', definition), Component, fallback: false };
    const problem = !id
      ? undefined
      : definition
        ? this.report(
            'interface',
            id,
            `The extension "${id}" failed to load: no component "${definition.binding.component}"`,
            definition.binding.component,
          )
        : (this.problemMap.get(`interface:${id}`) ??
          this.report('interface', id, `Missing interface "${id}"`));
    const stand = this.standIn(fallbackInterfacesFor(field), id, field?.type);
    return {
      definition: this.local('interface', stand.definition),
      Component: stand.Component,
      fallback: true,
      problem: problem?.message,
      problemText: problem?.text,
    };
  }

  /**
   * The first named fallback interface that resolves, is not the failing one and edits the field's
   * type (an integer TINYINT column must not get the boolean switch); else the text input.
   */
  private standIn(
    preferred: string[],
    failing: string | null | undefined,
    type: string | null | undefined,
  ): { definition: InterfaceDefinition; Component: InterfaceComponent } {
    for (const candidate of [...preferred, FALLBACK_INTERFACE]) {
      if (!candidate || candidate === failing) continue;
      const definition = this.interfaceDefs.get(candidate);
      const Component = definition && this.components.get(definition.binding.component);
      const fits =
        candidate === FALLBACK_INTERFACE || !type || definition?.types.includes(String(type).toLowerCase());
      if (definition && Component && fits) return { definition, Component };
    }
    const definition = this.interfaceDefs.get(FALLBACK_INTERFACE)!;
    return { definition, Component: this.components.get(definition.binding.component)! };
  }

  /** The layout for a view type; unknown or broken ones fall back to the table. */
  resolveLayout(id: string | null | undefined): ResolvedLayout {
    const definition = id ? this.layoutDefs.get(id) : undefined;
    const Component = definition ? this.layoutComponents.get(definition.component) : undefined;
    if (definition && Component)
      return { definition: this.local('layout', definition), Component, fallback: false };
    const problem = !id
      ? undefined
      : definition
        ? this.report(
            'layout',
            id,
            `The extension "${id}" failed to load: no component "${definition.component}"`,
            definition.component,
          ).message
        : (this.problemMap.get(`layout:${id}`)?.message ??
          this.report('layout', id, `Missing layout "${id}"`).message);
    const fallback = this.layoutDefs.get(FALLBACK_LAYOUT)!;
    return {
      definition: this.local('layout', fallback),
      Component: this.layoutComponents.get(fallback.component)!,
      fallback: true,
      problem,
    };
  }

  /** How a value edited by the interface is shown in lists; plain text when it has none. */
  resolveDisplay(interfaceId: string | null | undefined): ResolvedDisplay {
    const binding = (interfaceId && this.interfaceDefs.get(interfaceId)?.display) || undefined;
    const Component = binding ? this.displays.get(binding.component) : undefined;
    if (binding && Component) return { Component, binding };
    return { Component: this.displays.get(FALLBACK_DISPLAY)!, binding: { component: FALLBACK_DISPLAY } };
  }

  private report(kind: DefinitionKind, id: string, message: string, component?: string): RegistryProblem {
    const problem = { kind, id, message, text: problemText(kind, message, id, component) };
    this.problemMap.set(`${kind}:${id}`, problem);
    return problem;
  }
}

/** The extension error (spec §8): the extension's name and id, and why it failed. */
function failure(definition: { id: string; name: string }, reason: string): string {
  return `The extension "${definition.name}" (${definition.id}) failed to load: ${reason}`;
}

/** A React component: a function, or an object such as memo() or forwardRef() returns. */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * Imports the ES modules of custom definitions (those the server gave a `module_url`) and registers
 * their default export under the binding's component id. A failing module marks its definition broken.
 */
export async function loadExtensionModules(
  registry: DefinitionRegistry,
  importModule: (url: string) => Promise<{ default?: unknown }>,
): Promise<RegistryProblem[]> {
  const problems: RegistryProblem[] = [];
  const jobs: Promise<void>[] = [];
  for (const definition of registry.interfaces()) {
    if (!definition.module_url) continue;
    jobs.push(
      importModule(definition.module_url).then(
        (module) => {
          if (!isComponent(module.default)) {
            problems.push(
              registry.markBroken(
                'interface',
                definition.id,
                failure(definition, 'its module has no default export'),
              ),
            );
            return;
          }
          try {
            registry.registerComponent(definition.binding.component, module.default as InterfaceComponent);
            // An optional named export `Display` draws the value in listings (display.component).
            const display = (module as { Display?: unknown }).Display;
            if (definition.display && typeof display === 'function')
              registry.registerDisplay(definition.display.component, display as DisplayComponent);
          } catch (error) {
            problems.push(
              registry.markBroken('interface', definition.id, failure(definition, String(error))),
            );
          }
        },
        (error: unknown) => {
          problems.push(registry.markBroken('interface', definition.id, failure(definition, String(error))));
        },
      ),
    );
  }
  for (const definition of registry.layouts()) {
    if (!definition.module_url) continue;
    jobs.push(
      importModule(definition.module_url).then(
        (module) => {
          if (!isComponent(module.default)) {
            problems.push(
              registry.markBroken(
                'layout',
                definition.id,
                failure(definition, 'its module has no default export'),
              ),
            );
            return;
          }
          try {
            registry.registerLayoutComponent(definition.component, module.default as LayoutComponent);
          } catch (error) {
            problems.push(registry.markBroken('layout', definition.id, failure(definition, String(error))));
          }
        },
        (error: unknown) => {
          problems.push(registry.markBroken('layout', definition.id, failure(definition, String(error))));
        },
      ),
    );
  }
  await Promise.all(jobs);
  return problems;
}
