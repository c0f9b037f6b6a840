import type { InterfaceDefinition, LayoutDefinition } from '../types';
import checkboxes from '../../schemas/interfaces/checkboxes.json' with { type: 'json' };
import color from '../../schemas/interfaces/color.json' with { type: 'json' };
import date from '../../schemas/interfaces/date.json' with { type: 'json' };
import datetimeCreated from '../../schemas/interfaces/datetime-created.json' with { type: 'json' };
import datetimeUpdated from '../../schemas/interfaces/datetime-updated.json' with { type: 'json' };
import datetime from '../../schemas/interfaces/datetime.json' with { type: 'json' };
import divider from '../../schemas/interfaces/divider.json' with { type: 'json' };
import dropdown from '../../schemas/interfaces/dropdown.json' with { type: 'json' };
import file from '../../schemas/interfaces/file.json' with { type: 'json' };
import hashed from '../../schemas/interfaces/hashed.json' with { type: 'json' };
import json from '../../schemas/interfaces/json.json' with { type: 'json' };
import manyToOne from '../../schemas/interfaces/many-to-one.json' with { type: 'json' };
import numeric from '../../schemas/interfaces/numeric.json' with { type: 'json' };
import oneToMany from '../../schemas/interfaces/one-to-many.json' with { type: 'json' };
import owner from '../../schemas/interfaces/owner.json' with { type: 'json' };
import password from '../../schemas/interfaces/password.json' with { type: 'json' };
import primaryKey from '../../schemas/interfaces/primary-key.json' with { type: 'json' };
import radioButtons from '../../schemas/interfaces/radio-buttons.json' with { type: 'json' };
import slug from '../../schemas/interfaces/slug.json' with { type: 'json' };
import sort from '../../schemas/interfaces/sort.json' with { type: 'json' };
import status from '../../schemas/interfaces/status.json' with { type: 'json' };
import switchInterface from '../../schemas/interfaces/switch.json' with { type: 'json' };
import tags from '../../schemas/interfaces/tags.json' with { type: 'json' };
import textInput from '../../schemas/interfaces/text-input.json' with { type: 'json' };
import textarea from '../../schemas/interfaces/textarea.json' with { type: 'json' };
import time from '../../schemas/interfaces/time.json' with { type: 'json' };
import toggle from '../../schemas/interfaces/toggle.json' with { type: 'json' };
import userUpdated from '../../schemas/interfaces/user-updated.json' with { type: 'json' };
import user from '../../schemas/interfaces/user.json' with { type: 'json' };
import tabular from '../../schemas/layouts/tabular.json' with { type: 'json' };

/** The interface definitions bundled with the app: what the registry knows before the server answers. */
export const coreInterfaces = [
  checkboxes,
  color,
  date,
  datetimeCreated,
  datetimeUpdated,
  datetime,
  divider,
  dropdown,
  file,
  hashed,
  json,
  manyToOne,
  numeric,
  oneToMany,
  owner,
  password,
  primaryKey,
  radioButtons,
  slug,
  sort,
  status,
  switchInterface,
  tags,
  textInput,
  textarea,
  time,
  toggle,
  userUpdated,
  user,
] as unknown as InterfaceDefinition[];

export const coreLayouts = [tabular] as unknown as LayoutDefinition[];
